import type { Database } from '../../db/open-database.ts'
import { ssoDomains } from '../../db/schema/accounts.ts'

/** The company domain whose users sign in at the sandbox provider: `anna@sso.signet.test`. */
const sandboxDomain = 'sso.signet.test'

/** Points {@link sandboxDomain} at the sandbox issuer; idempotent, and follows a changed PUBLIC_URL. */
export async function seedSandboxDomain(db: Database, issuer: string): Promise<void> {
  await db
    .insert(ssoDomains)
    .values({ domain: sandboxDomain, issuerUrl: issuer })
    .onConflictDoUpdate({ target: ssoDomains.domain, set: { issuerUrl: issuer } })
}
