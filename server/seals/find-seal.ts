import { and, eq, type InferSelectModel } from 'drizzle-orm'
import { sealNamePattern } from '../../contract/seals.ts'
import type { Database } from '../db/open-database.ts'
import { seals } from '../db/schema/seals.ts'
import { sealNotFound } from './seal-errors.ts'

/** A stored seal. */
export type SealRow = InferSelectModel<typeof seals>

/** The seal `name` of business `businessId`; 404 `seal.not_found` when it has none of that name. */
export async function findSeal(
  db: Pick<Database, 'select'>,
  businessId: string,
  name: string,
): Promise<SealRow> {
  // A name that breaks the rules cannot exist: no need to ask the database.
  if (!sealNamePattern.test(name)) throw sealNotFound()
  const [seal] = await db
    .select()
    .from(seals)
    .where(and(eq(seals.businessId, businessId), eq(seals.accountName, name)))
  if (seal === undefined) throw sealNotFound()
  return seal
}
