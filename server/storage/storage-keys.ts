const sha256Pattern = /^[0-9a-f]{64}$/

function checkedHash(sha256: string): string {
  if (!sha256Pattern.test(sha256)) throw new TypeError(`not a lowercase hex SHA-256: ${sha256}`)
  return sha256
}

/** Key of an uploaded document, content-addressed: `documents/ab/abcdef….pdf`. */
export function documentKey(sha256: string): string {
  const hash = checkedHash(sha256)
  return `documents/${hash.slice(0, 2)}/${hash}.pdf`
}

/** Key of one rendered page image of a document: `pages/ab/abcdef…/<page>-<scale>.webp` (page from 0). */
export function pageImageKey(sha256: string, page: number, scale: number): string {
  return `${pageImagesFolder(sha256)}/${page}-${scale}.webp`
}

/** The folder of every page image of a document: `pages/ab/abcdef…`. */
export function pageImagesFolder(sha256: string): string {
  const hash = checkedHash(sha256)
  return `pages/${hash.slice(0, 2)}/${hash}`
}

/**
 * Throws unless `key` is a safe relative key: `/`-separated segments of letters, digits, `-`, `_` and `.`,
 * none empty and none starting with a dot (so no `..`, and nothing can reach the stores' own `.tmp`).
 */
export function assertValidKey(key: string): void {
  const segments = key.split('/')
  const valid = segments.every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment))
  if (!valid || key.length > 512) throw new TypeError(`invalid storage key: ${JSON.stringify(key)}`)
}

/** Key of one page's text, for screen readers: `pages/ab/abcdef…/<page>.txt` (page from 0). */
export function pageTextKey(sha256: string, page: number): string {
  return `${pageImagesFolder(sha256)}/${page}.txt`
}
