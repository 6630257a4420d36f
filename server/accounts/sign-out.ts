import { and, eq, isNull } from 'drizzle-orm'
import { sessions } from '../db/schema/accounts.ts'
import type { AccountServices } from './account-services.ts'

/** POST /v1/logout: revokes the session of the token the request came with. */
export async function signOut(services: AccountServices, sessionId: string): Promise<void> {
  await services.db
    .update(sessions)
    .set({ revokedAt: services.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}
