// Pages that must not be the target after signing in: they would sign out again or loop back here.
const refused = ['/login', '/logout', '/expired', '/bye']

const base = 'https://app.invalid'

const isUnsafeCharacter = (c: string) => {
  const code = c.charCodeAt(0)
  return c === '\\' || code < 0x20 || code === 0x7f
}

/**
 * The same-app path a `redirect` search value may send the user to after signing in, or
 * undefined. Only a path of this app is accepted: never another origin, a protocol-relative
 * `//host`, a backslash trick, or a scheme such as `javascript:`.
 */
export function safeRedirectTarget(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return undefined
  // Browsers read `/\host` and `//host` as another origin; control characters hide such tricks.
  if (value.startsWith('//') || [...value].some(isUnsafeCharacter)) return undefined
  let url: URL
  try {
    url = new URL(value, base)
  } catch {
    return undefined
  }
  if (url.origin !== base) return undefined
  if (refused.includes(url.pathname)) return undefined
  return `${url.pathname}${url.search}${url.hash}`
}
