import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { sessions } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'

/**
 * DELETE /v1/user/sessions/{id}: ends one open session of the user; its next call is refused (401). Another
 * user's session, or one ended already, is 404 `session.not_found`.
 */
export async function endSession(
  db: Pick<Database, 'update'>,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<void> {
  const [ended] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  if (ended === undefined) throw new ApiError(404, 'session.not_found', 'There is no such open session')
}
