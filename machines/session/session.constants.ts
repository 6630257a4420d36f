/** Session storage key of the access token (SPEC §9). */
export const accessTokenStorageKey = 'accessToken'

const hour = 60 * 60 * 1000

/** Token lifetime without remember-me (SPEC §9): 24 h. */
export const tokenLifetimeMs = 24 * hour

/** Token lifetime with remember-me (SPEC §9): 48 h. */
export const rememberMeTokenLifetimeMs = 48 * hour

/** Paths a 401 never remembers to resume, since resuming them would undo the sign-in (SPEC §8). */
export const unresumablePaths: readonly string[] = ['/login', '/logout']
