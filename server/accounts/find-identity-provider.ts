import { apiBase } from '../../contract/paths.ts'
import { findSsoIssuer } from '../sso/find-sso-issuer.ts'
import { ssoPaths } from '../sso/sso-paths.ts'
import type { AccountServices } from './account-services.ts'

/**
 * POST /v1/identity_providers: where the browser starts single sign-on when the address's domain is set
 * up for it (our own start, which sends it on to the company's identity provider), else null.
 */
export async function findIdentityProvider(
  services: AccountServices,
  email: string,
): Promise<{ url: string | null }> {
  const issuer = await findSsoIssuer(services.db, email)
  if (issuer === null) return { url: null }
  return { url: `${services.publicUrl}${apiBase}${ssoPaths.start}?${new URLSearchParams({ email })}` }
}
