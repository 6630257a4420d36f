/**
 * SPEC §6: the cookie an internal staff e-mail domain sets (`signet_internal=1`, path `/`); its holder
 * passes through a blocking maintenance, to check the system while users wait on /maintenance.
 */
const internalCookie = { name: 'signet_internal', value: '1' } as const

/** Whether the internal staff cookie is set. */
export function hasInternalCookie(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((pair) => pair.trim() === `${internalCookie.name}=${internalCookie.value}`)
}
