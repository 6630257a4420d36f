import { eq } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { ssoDomains } from '../db/schema/accounts.ts'

/** The issuer URL of the identity provider that `email`'s domain signs in with, or null. */
export async function findSsoIssuer(db: Database, email: string): Promise<string | null> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
  const [row] = await db
    .select({ issuerUrl: ssoDomains.issuerUrl })
    .from(ssoDomains)
    .where(eq(ssoDomains.domain, domain))
  return row?.issuerUrl ?? null
}
