import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { sessions } from '../db/schema/accounts.ts'

/** Revokes every open session of the user, except `keepSessionId` when given; `db` may be a transaction. */
export async function revokeSessions(
  db: Pick<Database, 'update'>,
  userId: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  const open = and(eq(sessions.userId, userId), isNull(sessions.revokedAt))
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(keepSessionId === undefined ? open : and(open, ne(sessions.id, keepSessionId)))
}
