/** A name safe in any file system: no path separators or control characters, not empty. */
export function safeFileName(title: string, fallback: string): string {
  const cleaned = title
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .trim()
    .slice(0, 150)
  return cleaned === '' || /^\.+$/.test(cleaned) ? fallback : cleaned
}
