import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { AccountSession } from '../../contract/account-security.ts'
import type { Database } from '../db/open-database.ts'
import { sessions } from '../db/schema/accounts.ts'
import type { Authenticated } from '../http/authenticate.ts'

/** GET /v1/user/sessions: the caller's open sessions, the most recently used first, the caller's marked. */
export async function listSessions(
  db: Pick<Database, 'select'>,
  auth: Authenticated,
  now: Date,
): Promise<{ sessions: AccountSession[] }> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, auth.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt))
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      userAgent: row.userAgent,
      address: row.address,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      current: row.id === auth.sessionId,
    })),
  }
}
