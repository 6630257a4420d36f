import { eq, getTableColumns } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { apiUsers, businesses, businessMembers } from '../db/schema/businesses.ts'

/** A business as its row stands. */
export type BusinessRow = typeof businesses.$inferSelect

/**
 * The business an account acts for: the one a person is a member of, or the one an API user belongs to;
 * null for an account of its own. A request's sender decides whose branding, mail settings and account its
 * mails and signatures follow.
 */
export async function businessOfAccount(
  db: Pick<Database, 'select'>,
  userId: string,
): Promise<BusinessRow | null> {
  const columns = getTableColumns(businesses)
  const [business] = await db
    .select(columns)
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId))
    .unionAll(
      db
        .select(columns)
        .from(apiUsers)
        .innerJoin(businesses, eq(businesses.id, apiUsers.businessId))
        .where(eq(apiUsers.userId, userId)),
    )
  return business ?? null
}
