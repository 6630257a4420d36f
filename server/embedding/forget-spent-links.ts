import { lt } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { embeddedSigningLinks } from '../db/schema/embedding.ts'

/** How long a signing URL is kept after it expired: long enough to answer "expired" to a late click. */
export const keepSpentLinksMs = 24 * 60 * 60 * 1000

/**
 * Deletes the embedded signing links that expired more than a day ago (by the server's clock), opened or not:
 * none can open a session any more. Answers how many went. Run by the hourly upkeep.
 */
export async function forgetSpentSigningLinks(db: Pick<Database, 'delete'>, now: Date): Promise<number> {
  const gone = await db
    .delete(embeddedSigningLinks)
    .where(lt(embeddedSigningLinks.expiresAt, new Date(now.getTime() - keepSpentLinksMs)))
    .returning({ tokenHash: embeddedSigningLinks.tokenHash })
  return gone.length
}
