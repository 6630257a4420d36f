import { and, eq, inArray } from 'drizzle-orm'
import type { BusinessPerson, BusinessRole } from '../../contract/businesses.ts'
import { setAttributes } from '../accounts/set-attributes.ts'
import type { Database } from '../db/open-database.ts'
import { businesses, businessMembers } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'
import { businessNotFound } from './business-errors.ts'
import { listBusinessPeople } from './business-people.ts'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * Runs `change` on the business's members with the business row locked, so two admins changing roles at
 * once are serialised, then checks that the business still has an admin (409 `business.last_admin`
 * otherwise, and nothing changes). Every id must be a member of the business (400 naming the first that
 * is not).
 */
async function changeMembers(
  db: Database,
  businessId: string,
  userIds: readonly string[],
  change: (tx: Transaction, name: string) => Promise<void>,
): Promise<BusinessPerson[]> {
  return db.transaction(async (tx) => {
    const [business] = await tx
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for('update')
    if (business === undefined) throw businessNotFound()
    const found = await tx
      .select({ userId: businessMembers.userId })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.userId, [...userIds])))
    const members = new Set(found.map((m) => m.userId))
    const stranger = userIds.findIndex((id) => !members.has(id))
    if (stranger !== -1) {
      throw new ApiError(400, 'request.invalid', `user_ids.${stranger}: not a member of this business`, {
        field: `user_ids.${stranger}`,
      })
    }
    await change(tx, business.name)
    const admins = await tx
      .select({ userId: businessMembers.userId })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.role, 'admin')))
      .limit(1)
    if (admins.length === 0) {
      throw new ApiError(
        409,
        'business.last_admin',
        'A business keeps at least one admin: make someone else an admin first',
      )
    }
    return listBusinessPeople(tx, businessId)
  })
}

/** POST .../change-to-admins and .../change-to-members: gives the listed members `role`. */
export function changeRoles(
  db: Database,
  businessId: string,
  userIds: readonly string[],
  role: BusinessRole,
): Promise<BusinessPerson[]> {
  return changeMembers(db, businessId, userIds, async (tx) => {
    await tx
      .update(businessMembers)
      .set({ role })
      .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.userId, [...userIds])))
  })
}

/**
 * POST .../remove-members: the listed people leave the business and become plain users; each gets
 * `removed_from_business` (the business's name), so the app shows them the downgrade dialog once. Their
 * own requests stay theirs.
 */
export function removeMembers(
  db: Database,
  businessId: string,
  userIds: readonly string[],
): Promise<BusinessPerson[]> {
  return changeMembers(db, businessId, userIds, async (tx, name) => {
    await tx
      .delete(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.userId, [...userIds])))
    for (const userId of userIds) await setAttributes(tx, userId, { removed_from_business: [name] })
  })
}
