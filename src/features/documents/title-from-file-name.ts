/** Longest title a request takes. */
const maxTitleLength = 200

/** The title a file's name suggests: without its `.pdf` ending and surrounding blanks, `Document` if nothing is left. */
export function titleFromFileName(name: string): string {
  const title = name
    .trim()
    .replace(/\.pdf$/i, '')
    .trim()
  return (title || 'Document').slice(0, maxTitleLength)
}
