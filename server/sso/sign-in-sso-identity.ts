import type { SignInProvider } from '../../contract/sign-in-providers.ts'
import type { TokenAnswer } from '../../contract/user.ts'
import { issueToken } from '../accounts/issue-token.ts'
import { findOrCreateSsoUser } from './find-or-create-sso-user.ts'
import { findSsoIssuer } from './find-sso-issuer.ts'
import { SsoError } from './sso-error.ts'
import type { SsoIdentity } from './sso-identity.ts'
import type { SsoServices } from './sso-services.ts'

/**
 * The end of every single sign-on, OpenID Connect or SAML: the person `issuer` vouched for is signed in,
 * their account made on first sight. A company's provider speaks for the domains that sign in with it; a
 * sign-in provider chosen on /login (`provider`) for any address it asserts as verified, except one of a
 * domain that signs in with another company provider.
 */
export async function signInSsoIdentity(
  services: SsoServices,
  issuer: string,
  identity: SsoIdentity,
  provider?: SignInProvider,
): Promise<TokenAnswer> {
  // A company's provider may leave the claim out; a sign-in provider must assert it, as it speaks for anyone.
  if (identity.emailVerified === false || (provider !== undefined && identity.emailVerified !== true)) {
    throw new SsoError('email_unverified', 'The identity provider has not verified the address')
  }
  const email = identity.email.trim().toLowerCase()
  // A provider speaks only for the domains that sign in with it, or any provider could claim any account; a
  // sign-in provider also for the addresses of domains that have no company provider.
  const companyIssuer = await findSsoIssuer(services.db, email)
  if (companyIssuer !== issuer && (provider === undefined || companyIssuer !== null)) {
    throw new SsoError('company_mismatch', 'The address does not belong to the company of this provider')
  }
  const userId = await findOrCreateSsoUser(services, { ...identity, email })
  return issueToken(services.db, userId, false, services.now())
}
