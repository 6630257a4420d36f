import { eq } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { hashToken } from '../accounts/hash-token.ts'
import type { Database } from '../db/open-database.ts'
import { sessions, users } from '../db/schema.ts'
import { ApiError } from './api-error.ts'

/** The caller of an authenticated request. */
export type Authenticated = {
  userId: string
  /** The account's address in lower case, which is how the signatures sent to it are found. */
  email: string
  /** The session of the bearer token; logout and password change act on it. */
  sessionId: string
  expiresAt: Date
}

/** Hono environment of routes behind {@link authenticate}: `c.get('auth')` is the caller. */
export type AuthEnv = { Variables: { auth: Authenticated } }

/**
 * Middleware that admits only a request with `Authorization: Bearer <token>` of an open session: else 401
 * `auth.unauthenticated` (missing, unknown or revoked token) or `auth.token_expired`. Put it on each route
 * (`app.get(path, requireAuth, handler)`), not with `use('*')`, which would also cover the routes of other
 * modules mounted beside it.
 */
export function authenticate(db: Database, now: () => Date): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const token = bearerToken(c)
    if (token === undefined) {
      throw new ApiError(401, 'auth.unauthenticated', 'Sign in first: send Authorization: Bearer <token>')
    }
    // The account comes along: sessions go with their user, so a session found has one.
    const [found] = await db
      .select({ session: sessions, email: users.email })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, hashToken(token)))
    const session = found?.session
    if (session === undefined || session.revokedAt !== null) {
      throw new ApiError(401, 'auth.unauthenticated', 'This token is not valid: sign in again')
    }
    if (session.expiresAt.getTime() <= now().getTime()) {
      throw new ApiError(401, 'auth.token_expired', 'This session has expired: sign in again')
    }
    c.set('auth', {
      userId: session.userId,
      email: (found?.email ?? '').toLowerCase(),
      sessionId: session.id,
      expiresAt: session.expiresAt,
    })
    await next()
  }
}

function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+([\w-]+)\s*$/i.exec(c.req.header('authorization') ?? '')
  return match?.[1]
}
