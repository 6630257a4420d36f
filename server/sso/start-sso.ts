import * as oidc from 'openid-client'
import type { SignInProvider } from '../../contract/sign-in-providers.ts'
import type { SsoClient } from '../config.ts'
import { findSsoIssuer } from './find-sso-issuer.ts'
import { SsoError } from './sso-error.ts'
import type { SsoServices } from './sso-services.ts'

/** How long a started sign-in may take at the provider before the callback refuses it. */
export const signInLifetimeMs = 10 * 60 * 1000

/** Where a sign-in begins and what the callback checks it against, sealed into this browser's cookie. */
type StartedSignIn = { location: string; sealed: string }

/**
 * GET /api/sso/start?email=: begins single sign-on at the identity provider of the address's domain. OpenID
 * Connect: the authorization-code flow with PKCE, answering where to send the browser and the sealed state
 * the callback checks. SAML: an AuthnRequest, which the server remembers itself (its answer comes by a
 * cross-site POST, which carries no same-site cookie), and the request's id sealed for this browser, which
 * the answer's finish checks: an answer finishes only in the browser that asked for it.
 */
export async function startSso(services: SsoServices, email: string): Promise<StartedSignIn> {
  const issuer = await findSsoIssuer(services.db, email)
  if (issuer === null) throw new SsoError('company_unknown', 'No identity provider is set up for this domain')
  const samlProvider = services.samlProviders[issuer]
  if (samlProvider !== undefined) {
    const { url, requestId } = await services.saml.authorizationUrl(issuer, samlProvider)
    const expiresAt = services.now().getTime() + signInLifetimeMs
    return { location: url.href, sealed: services.seals.samlPending.seal({ issuer, requestId, expiresAt }) }
  }
  const client = services.clients[issuer]
  if (client === undefined) {
    services.logger.error(
      { issuer },
      'single sign-on: no client credentials in SSO_CLIENTS nor a SAML provider in SSO_SAML_PROVIDERS for this issuer',
    )
    throw new SsoError('company_unknown', 'This app is not registered at the identity provider')
  }
  return startOpenId(services, issuer, client, { login_hint: email })
}

/**
 * GET /api/sso/start?provider=: begins a sign-in at the sign-in provider the person chose on /login, by the
 * same code flow; the callback then signs in whoever the provider vouches for with a verified address.
 * `provider` is one {@link SsoServices.providers} offers (the route refuses others).
 */
export function startProviderSso(services: SsoServices, provider: SignInProvider): Promise<StartedSignIn> {
  const registration = services.providers[provider]
  if (registration === undefined) throw new Error(`The sign-in provider ${provider} is not offered`)
  const { issuer, ...client } = registration
  return startOpenId(services, issuer, client, {}, provider)
}

/** The OpenID Connect code flow with PKCE at `issuer`: the authorization URL and the sealed checks. */
async function startOpenId(
  services: SsoServices,
  issuer: string,
  client: SsoClient,
  parameters: { login_hint?: string },
  provider?: SignInProvider,
): Promise<StartedSignIn> {
  const pending = {
    issuer,
    ...(provider === undefined ? {} : { provider }),
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    expiresAt: services.now().getTime() + signInLifetimeMs,
  }
  const url = await services.openId.authorizationUrl(
    { issuer, ...client, redirectUri: services.redirectUri },
    pending,
    { scope: 'openid email profile', ...parameters },
  )
  return { location: url.href, sealed: services.seals.openId.seal(pending) }
}
