import { and, asc, eq } from 'drizzle-orm'
import { isUniqueViolation } from '../accounts/is-unique-violation.ts'
import type { Database } from '../db/open-database.ts'
import { businessDomains, businessInvitations } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'

async function listDomains(db: Pick<Database, 'select'>, businessId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: businessDomains.domain })
    .from(businessDomains)
    .where(eq(businessDomains.businessId, businessId))
    .orderBy(asc(businessDomains.domain))
  return rows.map((row) => row.domain)
}

const taken = () =>
  new ApiError(409, 'business.domain_taken', 'This domain belongs to another business', { field: 'domain' })

/** POST /v1/businesses/{id}/domains: the domain becomes the business's (409 if another's); answers its domains. */
export async function addDomain(
  db: Database,
  businessId: string,
  domain: string,
  now: Date,
): Promise<string[]> {
  const [owner] = await db
    .select({ businessId: businessDomains.businessId })
    .from(businessDomains)
    .where(eq(businessDomains.domain, domain))
  if (owner !== undefined && owner.businessId !== businessId) throw taken()
  if (owner === undefined) {
    await db
      .insert(businessDomains)
      .values({ domain, businessId, createdAt: now })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? taken() : error
      })
  }
  return listDomains(db, businessId)
}

/** DELETE /v1/businesses/{id}/domains: the business lets the domain go; answers its domains. */
export async function removeDomain(db: Database, businessId: string, domain: string): Promise<string[]> {
  await db
    .delete(businessDomains)
    .where(and(eq(businessDomains.businessId, businessId), eq(businessDomains.domain, domain)))
  return listDomains(db, businessId)
}

/**
 * A user who confirmed an address at a business's domain finds that business's invitation waiting: called
 * where an account's address becomes confirmed, in its transaction.
 */
export async function inviteByDomain(
  tx: Pick<Database, 'select' | 'insert'>,
  email: string,
  now: Date,
): Promise<void> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
  const [owner] = await tx
    .select({ businessId: businessDomains.businessId })
    .from(businessDomains)
    .where(eq(businessDomains.domain, domain))
  if (owner === undefined) return
  await tx
    .insert(businessInvitations)
    .values({ businessId: owner.businessId, email: email.toLowerCase(), createdAt: now })
    .onConflictDoNothing()
}
