import * as v from 'valibot'
import { emailSchema } from '../../../contract/user.ts'
import { safeRedirectTarget } from './safe-redirect.ts'

// Search values are parsed as JSON first, so a token of digits may arrive as a number.
const text = (value: unknown) =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : undefined

/** Search of the "check your inbox" screens: the address the mail went to, if it is one. */
export function validateEmailSearch(search: Record<string, unknown>): { email?: string } {
  const email = v.safeParse(emailSchema, search.email)
  // Every key is set, even to undefined: the router merges a route's search over the raw one.
  return { email: email.success ? email.output : undefined }
}

/** Search of the screens a mailed link opens: its token, and the confirmed address if known. */
export function validateTokenSearch(search: Record<string, unknown>): { token?: string; email?: string } {
  return { token: text(search.token), ...validateEmailSearch(search) }
}

/**
 * Search of /signup/confirm and /signup/steps: the link's token and address, and where the new account goes
 * once it exists (an invitation's page, which the invitee signed up from), if it is a path of this app.
 */
export function validateSignupSearch(search: Record<string, unknown>): {
  token?: string
  email?: string
  redirect?: string
} {
  return { ...validateTokenSearch(search), redirect: safeRedirectTarget(search.redirect) }
}

/** Search of /expired: where to go back to after signing in again. */
export function validateRedirectSearch(search: Record<string, unknown>): { redirect?: string } {
  return { redirect: safeRedirectTarget(search.redirect) }
}
