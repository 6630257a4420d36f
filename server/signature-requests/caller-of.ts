import { getConnInfo } from '@hono/node-server/conninfo'
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import type { AuthEnv } from '../http/authenticate.ts'
import type { Caller } from './request-services.ts'

/**
 * The signed-in caller of a request behind `authenticate`, with the address their signatures are found by
 * and the client address the audit trail records (the socket's peer: behind a proxy, the proxy's).
 */
export async function callerOf(c: Context<AuthEnv>, db: Database): Promise<Caller> {
  const { userId } = c.get('auth')
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  // The session was found a moment ago; a user deleted since then is signed out.
  if (user === undefined) throw new ApiError(401, 'auth.unauthenticated', 'This account no longer exists')
  const env = c.env as { incoming?: unknown } | undefined
  const ip = env?.incoming === undefined ? 'unknown' : (getConnInfo(c).remote.address ?? 'unknown')
  return { userId, email: user.email.toLowerCase(), ip }
}
