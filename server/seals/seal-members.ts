import { and, eq, inArray } from 'drizzle-orm'
import type { SealDetail } from '../../contract/seals.ts'
import type { Database } from '../db/open-database.ts'
import { sealMembers } from '../db/schema/seals.ts'
import { ApiError } from '../http/api-error.ts'
import { businessAccounts } from './business-accounts.ts'
import type { SealRow } from './find-seal.ts'
import { sealDetail } from './seal-views.ts'

/**
 * POST /v1/businesses/{id}/seals/{name}/members (`allow`) and DELETE (no longer allow): `members` are user
 * ids of people and API users of the seal's business. Any other id is a 422 `seal.member_invalid` naming
 * the first (`members.<index>`), and nothing changes. Allowing someone allowed already, or no longer
 * allowing someone who was not, changes nothing. Answers the seal.
 */
export async function changeSealMembers(
  db: Database,
  seal: SealRow,
  memberIds: readonly string[],
  allow: boolean,
): Promise<SealDetail> {
  const ids = memberIds.map((id) => id.toLowerCase())
  const accounts = new Set((await businessAccounts(db, seal.businessId)).map((account) => account.id))
  const stranger = ids.findIndex((id) => !accounts.has(id))
  if (stranger !== -1) {
    throw new ApiError(
      422,
      'seal.member_invalid',
      `members.${stranger}: not a person or API user of this business`,
      { field: `members.${stranger}` },
    )
  }
  const unique = [...new Set(ids)]
  if (allow) {
    await db
      .insert(sealMembers)
      .values(unique.map((userId) => ({ sealId: seal.id, userId })))
      .onConflictDoNothing()
  } else {
    await db
      .delete(sealMembers)
      .where(and(eq(sealMembers.sealId, seal.id), inArray(sealMembers.userId, unique)))
  }
  return sealDetail(db, seal)
}
