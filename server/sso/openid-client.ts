import * as oidc from 'openid-client'
import { SsoError } from './sso-error.ts'

/** How the server reaches identity providers; the sandbox is answered in-process. */
export type ProviderFetch = (url: string, init: RequestInit) => Promise<Response>

/** This app's registration at one identity provider. */
type OpenIdRegistration = {
  issuer: string
  clientId: string
  clientSecret: string
  /** Our callback, as registered at the provider. */
  redirectUri: string
}

/** What one sign-in sends to the provider and expects back; random per sign-in, kept by the app in between. */
export type SignInChecks = {
  state: string
  nonce: string
  /** The PKCE code verifier; the provider sees only its S256 challenge until the code is redeemed. */
  verifier: string
}

/** The query of the provider's redirect back to our callback (RFC 6749 4.1.2, RFC 9207's `iss`). */
type AuthorizationAnswer = { code: string; state: string; iss?: string | undefined }

/** The claims of an id_token that openid-client verified. */
export type IdTokenClaims = oidc.IDToken

/**
 * The OpenID Connect relying party, by `openid-client`: discovery (cached per issuer), the authorization
 * request of the code flow with PKCE, and the redemption of the code with the id_token's verification.
 */
export type OpenIdClient = {
  /**
   * The provider's authorization endpoint with a code-flow request: `checks`' state, nonce and S256 challenge,
   * and `parameters` (the scope, a login hint). Throws `provider_unreachable`.
   */
  authorizationUrl(
    registration: OpenIdRegistration,
    checks: SignInChecks,
    parameters: { scope: string; login_hint?: string },
  ): Promise<URL>
  /**
   * RFC 6749 4.1.3: redeems the answer's code with the PKCE verifier, then verifies the id_token (OpenID Connect
   * Core 3.1.3.7: signature by the provider's JWKS, issuer, audience and authorized party, nonce, expiry by
   * `now`) and answers its claims. Throws `provider_unreachable` when the provider cannot be reached,
   * `state_invalid` for an answer of another sign-in or provider, `token_refused` when the token endpoint
   * refuses, `id_token_invalid` for an id_token that fails a check.
   */
  redeemCode(
    registration: OpenIdRegistration,
    answer: AuthorizationAnswer,
    checks: SignInChecks,
    now: Date,
  ): Promise<IdTokenClaims>
}

/** Options of {@link createOpenIdClient}. */
export type OpenIdClientOptions = {
  fetch: ProviderFetch
  /**
   * Lets the client speak plain HTTP to `http:` issuers: only outside production, where the sandbox provider
   * lives at PUBLIC_URL (http://localhost in development) and tests run providers on 127.0.0.1. openid-client
   * refuses anything but HTTPS otherwise, as OpenID Connect requires of providers; in production it always does.
   */
  allowHttp: boolean
}

const discoveryCacheMs = 60 * 60 * 1000
const timeoutSeconds = 10
// Clocks of the provider and this server differ by a little; more than this is a stale or forged token.
const clockToleranceSeconds = 60

/** Creates the relying party; discovery documents live one hour, failures are not kept. */
export function createOpenIdClient({ fetch: fetchProvider, allowHttp }: OpenIdClientOptions): OpenIdClient {
  // Fetch's types take no byte array that may be shared memory; openid-client's do, so those are copied.
  const fetch: oidc.CustomFetch = (url, { body, ...init }) =>
    fetchProvider(url, { ...init, body: body instanceof Uint8Array ? new Uint8Array(body) : body })
  const discovered = new Map<string, { at: number; metadata: Promise<oidc.ServerMetadata> }>()
  // openid-client's cache of each provider's JWKS (it refetches for an unknown key id), kept across sign-ins.
  const keys = new Map<string, oidc.ExportedJWKSCache>()
  const insecure = (issuer: string) => allowHttp && new URL(issuer).protocol === 'http:'

  function discover({ issuer, clientId }: OpenIdRegistration): Promise<oidc.ServerMetadata> {
    const entry = discovered.get(issuer)
    if (entry && Date.now() - entry.at < discoveryCacheMs) return entry.metadata
    // Discovery also checks that the document names the issuer asked for (OpenID Connect Discovery 4.3).
    const metadata = oidc
      .discovery(new URL(issuer), clientId, undefined, undefined, {
        [oidc.customFetch]: fetch,
        timeout: timeoutSeconds,
        execute: insecure(issuer) ? [oidc.allowInsecureRequests] : [],
      })
      .then((config) => config.serverMetadata())
      .catch((error: unknown) => {
        discovered.delete(issuer)
        throw new SsoError('provider_unreachable', `The identity provider ${issuer} cannot be discovered`, {
          cause: error,
        })
      })
    discovered.set(issuer, { at: Date.now(), metadata })
    return metadata
  }

  /** A configuration for one request: the cached metadata, our credentials, and the server's clock. */
  async function configure(registration: OpenIdRegistration, now?: Date): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = registration
    const server = await discover(registration)
    // HTTP Basic unless the provider names only other methods: the default of the specification.
    const basic = server.token_endpoint_auth_methods_supported?.includes('client_secret_basic') ?? true
    const config = new oidc.Configuration(
      server,
      clientId,
      {
        client_secret: clientSecret,
        // The server's clock, which tests move, decides whether a token has expired.
        [oidc.clockSkew]: now === undefined ? 0 : Math.round((now.getTime() - Date.now()) / 1000),
        [oidc.clockTolerance]: clockToleranceSeconds,
      },
      basic ? oidc.ClientSecretBasic(clientSecret) : oidc.ClientSecretPost(clientSecret),
    )
    config[oidc.customFetch] = fetch
    config.timeout = timeoutSeconds
    if (insecure(issuer)) oidc.allowInsecureRequests(config)
    // Verifies the id_token's signature too, by the provider's JWKS: over plain HTTP nothing else vouches for it.
    oidc.enableNonRepudiationChecks(config)
    const cachedKeys = keys.get(issuer)
    if (cachedKeys !== undefined) oidc.setJwksCache(config, cachedKeys)
    return config
  }

  return {
    async authorizationUrl(registration, checks, parameters) {
      const config = await configure(registration)
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: registration.redirectUri,
        ...parameters,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
      })
    },
    async redeemCode(registration, answer, checks, now) {
      const config = await configure(registration, now)
      // openid-client reads the answer from the callback URL, and the redirect_uri from its address.
      const callback = new URL(registration.redirectUri)
      for (const [name, value] of Object.entries(answer))
        if (value !== undefined) callback.searchParams.set(name, value)
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: checks.verifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
        })
        const claims = tokens.claims()
        if (claims === undefined) throw new SsoError('token_refused', 'The token answer has no id_token')
        return claims
      } catch (error) {
        throw grantFailure(error)
      } finally {
        const fetched = oidc.getJwksCache(config)
        if (fetched !== undefined) keys.set(registration.issuer, fetched)
      }
    },
  }
}

/** Why openid-client did not redeem a code, as a {@link SsoError}; an error of this server's own stays one. */
function grantFailure(error: unknown): unknown {
  if (error instanceof SsoError) return error
  const fail = (reason: ConstructorParameters<typeof SsoError>[0], message: string) =>
    new SsoError(reason, message, { cause: error })
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.WWWAuthenticateChallengeError)
    return fail('token_refused', 'The identity provider did not exchange the code')
  if (error instanceof oidc.ClientError) {
    switch (error.code) {
      case 'OAUTH_TIMEOUT':
      case 'OAUTH_HTTP_REQUEST_FORBIDDEN':
        return fail('provider_unreachable', 'The identity provider did not answer the token request')
      case 'OAUTH_RESPONSE_IS_NOT_CONFORM':
      case 'OAUTH_RESPONSE_IS_NOT_JSON':
        return fail('token_refused', 'The identity provider did not exchange the code')
    }
    // What failed its check, by the cause openid-client names: the redirect's parameters, the token answer's
    // body, or else the id_token.
    const detail = error.cause instanceof Error ? error.cause : error
    const checked = detail.cause
    if (typeof checked === 'object' && checked !== null) {
      if ('parameters' in checked)
        return fail('state_invalid', `The answer is not this sign-in's: ${detail.message}`)
      if ('body' in checked) return fail('token_refused', `The token answer is malformed: ${detail.message}`)
    }
    return fail('id_token_invalid', `The id_token is not valid: ${detail.message}`)
  }
  // fetch's own failure: the provider cannot be reached.
  if (error instanceof TypeError && !('code' in error))
    return fail('provider_unreachable', 'The identity provider did not answer the token request')
  return error
}
