/** SPEC §2/§8: raised when code tries to leave the app for a URL not marked external. */
export class ExternalNavigationError extends Error {
  constructor(url: string) {
    super(`Navigation to the external URL ${url} is not allowed unless it is marked external`)
    this.name = 'ExternalNavigationError'
  }
}

/** Whether `href` leaves the app's origin. */
export function isExternal(href: string, origin: string): boolean {
  try {
    return new URL(href, origin).origin !== origin
  } catch {
    return true
  }
}

/**
 * The only way the app leaves for another page by script: external URLs must be marked so.
 * Returns the resolved URL to assign to `location`.
 */
export function resolveNavigation(href: string, origin: string, { external = false } = {}): string {
  if (isExternal(href, origin) && !external) throw new ExternalNavigationError(href)
  const url = new URL(href, origin)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ExternalNavigationError(href)
  return url.href
}
