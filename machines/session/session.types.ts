/** Where a user stands in a business: its admin, its member, or outside any business. */
export type BusinessMembership = 'admin' | 'member' | 'none'

/** What the session keeps of the signed-in user; the rest of the user lives in the query cache. */
export interface SessionProfile {
  userId: string
  email: string
  business: BusinessMembership
}

/** A direct-sign session (SPEC §3): the signer's user id and the signature request id. */
export interface DirectSignSession {
  userId: string
  requestId: string
}

/** A token as the caller's storage reads it back. */
export interface StoredToken {
  token: string
  rememberMe: boolean
  /** Lifetime left, from the expiry the caller stored at write time; zero or less once expired. */
  remainingMs: number
}

/** What the `storeToken` action writes; the caller stores `now + lifetimeMs` as the expiry. */
export interface TokenWrite {
  key: string
  token: string
  rememberMe: boolean
  lifetimeMs: number
}

/** Stable codes of session failures, mapped to messages at the edge of the UI. */
export type SessionErrorCode = 'session.restore_failed' | 'session.sign_in_failed'

/** Context of the session machine. */
export interface SessionContext {
  token: string | null
  rememberMe: boolean
  /** Lifetime left when `signedIn` is entered; the expiry delay counts it down on the clock. */
  tokenExpiresInMs: number
  profile: SessionProfile | null
  directSign: DirectSignSession | null
  /** Path a 401 interrupted, offered once the user signs in again. */
  resumePath: string | null
  error: SessionErrorCode | null
}

/** Events the session machine accepts. */
export type SessionEvent =
  /** A token was obtained (login, single sign-on, signup); the session stores it and loads the user. */
  | { type: 'session.signIn'; token: string; rememberMe: boolean }
  /** A direct link opened a direct-sign session; it replaces any account session in this tab. */
  | { type: 'session.directSign'; userId: string; requestId: string }
  | { type: 'session.signOut' }
  /** The server answered 401 while the app was at `path`. */
  | { type: 'session.unauthorized'; path: string }
  /** The user's business membership or e-mail changed (e.g. an invitation was accepted). */
  | { type: 'session.profileChanged'; profile: SessionProfile }
  /** The app navigated to the resume path; it is offered only once. */
  | { type: 'session.resumed' }
