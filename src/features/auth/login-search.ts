import * as v from 'valibot'
import { emailSchema } from '../../../contract/user.ts'
import { safeRedirectTarget } from './safe-redirect.ts'

/** The search of /login: a prefilled address, where to go after signing in, the signed-out note. */
export interface LoginSearch {
  email?: string
  redirect?: string
  /** Present as `/login?logged-out` right after signing out. */
  'logged-out'?: true
}

/**
 * Validates /login's search (SPEC §5): `email` is lowercased and kept only if it is a valid
 * address; `redirect` only if it is a path of this app; `logged-out` counts by its presence.
 */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const email = v.safeParse(emailSchema, search.email)
  // `?logged-out` reads as '' (or true once validated); an absent key, or one this function set to
  // undefined when the router validates its own answer again, is no sign-out.
  const flag = search['logged-out']
  const loggedOut = flag !== undefined && flag !== false && flag !== 'false'
  // Every key is set, even to undefined: the router merges a route's search over the raw one.
  return {
    email: email.success ? email.output : undefined,
    redirect: safeRedirectTarget(search.redirect),
    'logged-out': loggedOut ? true : undefined,
  }
}
