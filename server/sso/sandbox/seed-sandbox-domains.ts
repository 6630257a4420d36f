import type { Database } from '../../db/open-database.ts'
import { ssoDomains } from '../../db/schema/accounts.ts'

/**
 * The company domains whose users sign in at the sandbox providers: `anna@sso.signet.test` by OpenID Connect,
 * `anna@saml.signet.test` by SAML.
 */
const sandboxDomains = { oidc: 'sso.signet.test', saml: 'saml.signet.test' }

/** Points the sandbox domains at the sandbox providers; idempotent, and follows a changed PUBLIC_URL. */
export async function seedSandboxDomains(
  db: Database,
  issuers: { oidc: string; saml: string },
): Promise<void> {
  for (const protocol of ['oidc', 'saml'] as const) {
    await db
      .insert(ssoDomains)
      .values({ domain: sandboxDomains[protocol], issuerUrl: issuers[protocol] })
      .onConflictDoUpdate({ target: ssoDomains.domain, set: { issuerUrl: issuers[protocol] } })
  }
}
