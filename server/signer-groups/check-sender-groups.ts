import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { apiUsers, businessMembers, signerGroups } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'

/**
 * Checks that each group a sender names (`at`: the field that names it) is one of their business's (the one they
 * are a member of, or whose API user they are): anything else, another business's group too, is 404
 * `signer_group.not_found` naming the first such field. Answers the groups' names by id.
 */
export async function checkSenderGroups(
  db: Pick<Database, 'select'>,
  senderId: string,
  named: readonly { groupId: string; at: string }[],
): Promise<Map<string, string>> {
  if (named.length === 0) return new Map()
  const ids = [...new Set(named.map((n) => n.groupId.toLowerCase()))]
  const ofBusiness = (businessId: typeof businessMembers.businessId | typeof apiUsers.businessId) =>
    and(eq(signerGroups.businessId, businessId), inArray(signerGroups.id, ids))
  const found = await db
    .select({ id: signerGroups.id, name: signerGroups.name })
    .from(businessMembers)
    .innerJoin(signerGroups, ofBusiness(businessMembers.businessId))
    .where(eq(businessMembers.userId, senderId))
    .unionAll(
      db
        .select({ id: signerGroups.id, name: signerGroups.name })
        .from(apiUsers)
        .innerJoin(signerGroups, ofBusiness(apiUsers.businessId))
        .where(eq(apiUsers.userId, senderId)),
    )
  const names = new Map(found.map((g) => [g.id, g.name]))
  const unknown = named.find((n) => !names.has(n.groupId.toLowerCase()))
  if (unknown !== undefined) {
    throw new ApiError(404, 'signer_group.not_found', 'No such signer group in your business', {
      field: unknown.at,
    })
  }
  return names
}
