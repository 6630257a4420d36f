import { eq } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { businesses, businessMembers } from '../db/schema/businesses.ts'

/**
 * Whether the user's business requires a second factor of them. An account that signs in only through single
 * sign-on is exempt: its identity provider asks for its own. One that has a password too is not, since the
 * password signs it in without the provider.
 */
export async function isSecondFactorRequired(db: Pick<Database, 'select'>, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ hasSso: users.hasSso, passwordHash: users.passwordHash, settings: businesses.settings })
    .from(users)
    .innerJoin(businessMembers, eq(businessMembers.userId, users.id))
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(users.id, userId))
  return row !== undefined && !isSsoOnly(row) && row.settings.secondFactor.required
}

/** The account signs in only through single sign-on: no password of its own. */
export function isSsoOnly(user: { hasSso: boolean; passwordHash: string | null }): boolean {
  return user.hasSso && user.passwordHash === null
}
