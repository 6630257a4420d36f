import { timingSafeEqual } from 'node:crypto'
import type { TokenAnswer } from '../../contract/user.ts'
import type { PendingSignIn } from './sign-in-seal.ts'
import { signInSsoIdentity } from './sign-in-sso-identity.ts'
import { SsoError } from './sso-error.ts'
import { ssoIdentity } from './sso-identity.ts'
import type { SsoServices } from './sso-services.ts'

/** The query of the provider's redirect back to us (RFC 6749 4.1.2, RFC 9207's `iss`). */
export type CallbackQuery = { code?: string; state?: string; error?: string; iss?: string }

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * GET /api/sso/callback: checks the state against the sign-in this browser started, redeems the code
 * with the PKCE verifier, verifies the id_token, and signs in the person it names, creating their
 * single-sign-on account on first sight. Throws {@link SsoError}.
 */
export async function finishSso(
  services: SsoServices,
  query: CallbackQuery,
  pending: PendingSignIn | null,
): Promise<TokenAnswer> {
  if (pending === null) throw new SsoError('state_invalid', 'No sign-in was started in this browser')
  if (pending.expiresAt <= services.now().getTime())
    throw new SsoError('state_invalid', 'The sign-in took too long')
  if (query.state === undefined || !sameText(query.state, pending.state)) {
    throw new SsoError('state_invalid', 'The answer belongs to another sign-in')
  }
  if (query.error !== undefined) {
    throw new SsoError(
      query.error === 'access_denied' ? 'access_denied' : 'provider_error',
      `The identity provider answered ${query.error}`,
    )
  }
  if (query.code === undefined || query.code === '') {
    throw new SsoError('provider_error', 'The identity provider answered no code')
  }
  // A chosen sign-in provider's registration, or the credentials at the company's provider.
  const chosen = pending.provider === undefined ? undefined : services.providers[pending.provider]
  const client = pending.provider === undefined ? services.clients[pending.issuer] : chosen
  if (client === undefined || (chosen !== undefined && chosen.issuer !== pending.issuer))
    throw new SsoError('company_unknown', 'This app is not registered at the provider')
  const claims = await services.openId.redeemCode(
    {
      issuer: pending.issuer,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      redirectUri: services.redirectUri,
    },
    { code: query.code, state: query.state, iss: query.iss },
    pending,
    services.now(),
  )
  return signInSsoIdentity(services, pending.issuer, ssoIdentity(claims), pending.provider)
}
