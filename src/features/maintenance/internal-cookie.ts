import { selectAccountEmail } from '../../../machines/session/session.selectors.ts'
import type { SessionActor } from '../../app/session.ts'

/**
 * SPEC §6: the cookie an internal staff e-mail domain sets (`signet_internal=1`, path `/`); its holder
 * passes through a blocking maintenance, to check the system while users wait on /maintenance.
 */
const internalCookie = { name: 'signet_internal', value: '1' } as const

/** A year, as the other cookies the app keeps: the staff member's browser stays let through. */
const internalCookieSeconds = 60 * 60 * 24 * 365

/** Whether the internal staff cookie is set. */
export function hasInternalCookie(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((pair) => pair.trim() === `${internalCookie.name}=${internalCookie.value}`)
}

/** Whether `email` is an address of the staff domain (exactly that domain, not one that ends like it). */
export function isStaffEmail(email: string, staffDomain: string): boolean {
  return email.toLowerCase().endsWith(`@${staffDomain.toLowerCase()}`)
}

/**
 * Sets the internal cookie when an account of the deployment's staff e-mail domain signs in (SPEC §6), so that
 * this browser is let through the next blocking maintenance. Nothing without a staff domain.
 */
export function keepInternalCookie(
  session: SessionActor,
  staffDomain: string | undefined,
  target: { cookie: string } = document,
): void {
  if (staffDomain === undefined) return
  const mark = () => {
    const email = selectAccountEmail(session.getSnapshot())
    if (email === null || !isStaffEmail(email, staffDomain) || hasInternalCookie(target.cookie)) return
    target.cookie = `${internalCookie.name}=${internalCookie.value}; path=/; max-age=${internalCookieSeconds}; samesite=lax`
  }
  mark()
  session.subscribe(mark)
}
