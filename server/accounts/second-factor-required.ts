import { eq } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { businesses, businessMembers } from '../db/schema/businesses.ts'

/**
 * Whether the user's business requires a second factor of them. Single-sign-on accounts are exempt: their
 * company's identity provider asks for its own.
 */
export async function isSecondFactorRequired(db: Pick<Database, 'select'>, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ hasSso: users.hasSso, settings: businesses.settings })
    .from(users)
    .innerJoin(businessMembers, eq(businessMembers.userId, users.id))
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(users.id, userId))
  return row !== undefined && !row.hasSso && row.settings.secondFactor.required
}
