import { findSsoIssuer } from './find-sso-issuer.ts'
import { pkceChallenge } from './pkce-challenge.ts'
import { randomToken } from './random-token.ts'
import { SsoError } from './sso-error.ts'
import type { SsoServices } from './sso-services.ts'

/** How long a started sign-in may take at the provider before the callback refuses it. */
export const signInLifetimeMs = 10 * 60 * 1000

/**
 * GET /api/sso/start: begins the authorization-code flow with PKCE at the identity provider of the
 * address's domain. Answers where to send the browser and the sealed state the callback checks.
 */
export async function startSso(
  services: SsoServices,
  email: string,
): Promise<{ location: string; sealed: string }> {
  const issuer = await findSsoIssuer(services.db, email)
  if (issuer === null) throw new SsoError('company_unknown', 'No identity provider is set up for this domain')
  if (services.clients[issuer] === undefined) {
    services.logger.error({ issuer }, 'single sign-on: no client credentials for this issuer in SSO_CLIENTS')
    throw new SsoError('company_unknown', 'This app is not registered at the identity provider')
  }
  const { clientId } = services.clients[issuer]
  const provider = await services.openId.discover(issuer)
  const pending = {
    issuer,
    state: randomToken(),
    nonce: randomToken(),
    verifier: randomToken(),
    expiresAt: services.now().getTime() + signInLifetimeMs,
  }
  const url = new URL(provider.authorizationEndpoint)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', clientId)
  url.searchParams.set('redirect_uri', services.redirectUri)
  url.searchParams.set('scope', 'openid email profile')
  url.searchParams.set('state', pending.state)
  url.searchParams.set('nonce', pending.nonce)
  url.searchParams.set('code_challenge', pkceChallenge(pending.verifier))
  url.searchParams.set('code_challenge_method', 'S256')
  url.searchParams.set('login_hint', email)
  return { location: url.href, sealed: services.seal.seal(pending) }
}
