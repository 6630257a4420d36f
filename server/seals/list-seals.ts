import { and, asc, eq, inArray } from 'drizzle-orm'
import type { BusinessRole } from '../../contract/businesses.ts'
import type { Seal } from '../../contract/seals.ts'
import type { Database } from '../db/open-database.ts'
import { sealMembers, seals } from '../db/schema/seals.ts'
import { sealSummaries } from './seal-views.ts'

/**
 * GET /v1/businesses/{id}/seals: an admin sees every seal of the business; a member only those they may
 * seal with, which is what choosing a seal to sign with needs. By account name.
 */
export async function listSeals(
  db: Pick<Database, 'select'>,
  businessId: string,
  viewer: { userId: string; role: BusinessRole },
): Promise<Seal[]> {
  const allowed =
    viewer.role === 'admin'
      ? undefined
      : db.select({ id: sealMembers.sealId }).from(sealMembers).where(eq(sealMembers.userId, viewer.userId))
  const rows = await db
    .select()
    .from(seals)
    .where(
      and(eq(seals.businessId, businessId), allowed === undefined ? undefined : inArray(seals.id, allowed)),
    )
    .orderBy(asc(seals.accountName))
  return sealSummaries(db, businessId, rows)
}
