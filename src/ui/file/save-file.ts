/** Hands a fetched file to the browser's download, under `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The browser reads the blob after the click returns; a minute is long past that.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
