import type { TokenAnswer } from '../../contract/user.ts'
import { issueToken } from '../accounts/issue-token.ts'
import { findOrCreateSsoUser } from './find-or-create-sso-user.ts'
import { findSsoIssuer } from './find-sso-issuer.ts'
import { SsoError } from './sso-error.ts'
import type { SsoIdentity } from './sso-identity.ts'
import type { SsoServices } from './sso-services.ts'

/**
 * The end of every single sign-on, OpenID Connect or SAML: the person `issuer` vouched for is signed in,
 * their account made on first sight, if the address's domain signs in with that very provider.
 */
export async function signInSsoIdentity(
  services: SsoServices,
  issuer: string,
  identity: SsoIdentity,
): Promise<TokenAnswer> {
  if (identity.emailVerified === false) {
    throw new SsoError('email_unverified', 'The identity provider has not verified the address')
  }
  const email = identity.email.trim().toLowerCase()
  // A provider speaks only for the domains that sign in with it, or any provider could claim any account.
  if ((await findSsoIssuer(services.db, email)) !== issuer) {
    throw new SsoError('company_mismatch', 'The address does not belong to the company of this provider')
  }
  const userId = await findOrCreateSsoUser(services, { ...identity, email })
  return issueToken(services.db, userId, false, services.now())
}
