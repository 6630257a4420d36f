import { eq } from 'drizzle-orm'
import { ssoDomains } from '../db/schema.ts'
import type { AccountServices } from './account-services.ts'

/**
 * POST /v1/identity_providers: the issuer URL of the company's identity provider when the address's
 * domain is set up for single sign-on, else null.
 */
export async function findIdentityProvider(
  services: AccountServices,
  email: string,
): Promise<{ url: string | null }> {
  const domain = email.slice(email.lastIndexOf('@') + 1)
  const [row] = await services.db.select().from(ssoDomains).where(eq(ssoDomains.domain, domain))
  return { url: row?.issuerUrl ?? null }
}
