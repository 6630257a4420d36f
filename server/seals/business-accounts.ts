import { and, asc, eq, isNull } from 'drizzle-orm'
import type { SealMember } from '../../contract/seals.ts'
import { displayName } from '../accounts/display-name.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { apiUsers, businessMembers } from '../db/schema/businesses.ts'

/**
 * Everyone of business `businessId` who may be allowed to use its seals: its people (members and admins),
 * by name, then its API users that are not removed, by username.
 */
export async function businessAccounts(
  db: Pick<Database, 'select'>,
  businessId: string,
): Promise<SealMember[]> {
  const people = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(eq(businessMembers.businessId, businessId))
    .orderBy(asc(users.email))
  const machines = await db
    .select({ id: apiUsers.userId, username: apiUsers.username })
    .from(apiUsers)
    .where(and(eq(apiUsers.businessId, businessId), isNull(apiUsers.deletedAt)))
    .orderBy(asc(apiUsers.username))
  return [
    ...people
      .map((person) => ({
        id: person.id,
        kind: 'person' as const,
        name: displayName(person, person.email),
        email: person.email,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    ...machines.map((machine) => ({
      id: machine.id,
      kind: 'api' as const,
      name: machine.username,
      email: null,
    })),
  ]
}

/** Whether `userId` is a person or a (not removed) API user of business `businessId`. */
export async function belongsToBusiness(
  db: Pick<Database, 'select'>,
  userId: string,
  businessId: string,
): Promise<boolean> {
  const [person] = await db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .where(and(eq(businessMembers.userId, userId), eq(businessMembers.businessId, businessId)))
  if (person !== undefined) return true
  const [machine] = await db
    .select({ userId: apiUsers.userId })
    .from(apiUsers)
    .where(and(eq(apiUsers.userId, userId), eq(apiUsers.businessId, businessId), isNull(apiUsers.deletedAt)))
  return machine !== undefined
}
