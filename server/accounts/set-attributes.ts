import { eq, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'

/**
 * Sets and removes user attributes in one statement, merged in the database so that two requests
 * changing different attributes do not overwrite each other. `db` may be a transaction.
 */
export async function setAttributes(
  db: Pick<Database, 'update'>,
  userId: string,
  set: Readonly<Record<string, string[]>>,
  remove: readonly string[] = [],
  names: { firstName?: string; lastName?: string } = {},
): Promise<void> {
  let attributes: SQL = sql`${users.attributes}`
  if (remove.length > 0) {
    attributes = sql`(${attributes} - array[${sql.join(
      remove.map((name) => sql`${name}`),
      sql`, `,
    )}]::text[])`
  }
  attributes = sql`${attributes} || ${JSON.stringify(set)}::jsonb`
  await db
    .update(users)
    .set({ attributes, ...names })
    .where(eq(users.id, userId))
}
