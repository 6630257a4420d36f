import type { JsonWebKey } from 'node:crypto'
import * as v from 'valibot'
import { SsoError } from './sso-error.ts'

/** How the server reaches identity providers; the sandbox is answered in-process. */
export type ProviderFetch = (url: string, init?: RequestInit) => Promise<Response>

/** What this app uses of a provider's discovery document (OpenID Connect Discovery 1.0). */
type ProviderMetadata = {
  issuer: string
  authorizationEndpoint: string
  tokenEndpoint: string
  jwksUri: string
  /** Prefers HTTP Basic, the default of the specification. */
  clientAuth: 'basic' | 'post'
}

/** This app's credentials at a provider. */
type ClientCredentials = { clientId: string; clientSecret: string }

/** What the token request of an authorization code carries besides the client's credentials. */
type CodeGrant = { code: string; redirectUri: string; verifier: string }

/** Discovery, signing keys and the token endpoint of identity providers; metadata and keys cached per issuer. */
export type OpenIdClient = {
  discover(issuer: string): Promise<ProviderMetadata>
  keys(jwksUri: string, refresh: boolean): Promise<readonly JsonWebKey[]>
  /**
   * RFC 6749 4.1.3: redeems an authorization code with its PKCE verifier and answers the id_token. Throws
   * `provider_unreachable` when the token endpoint cannot be reached, `token_refused` when it refuses.
   */
  exchangeCode(provider: ProviderMetadata, client: ClientCredentials, grant: CodeGrant): Promise<string>
}

const httpsOrLocal = v.pipe(v.string(), v.url())
const discoverySchema = v.object({
  issuer: v.string(),
  authorization_endpoint: httpsOrLocal,
  token_endpoint: httpsOrLocal,
  jwks_uri: httpsOrLocal,
  token_endpoint_auth_methods_supported: v.optional(v.array(v.string())),
})
const jwksSchema = v.object({ keys: v.array(v.record(v.string(), v.unknown())) })
const tokenAnswerSchema = v.object({ id_token: v.string() })

const cacheMs = 60 * 60 * 1000
const timeoutMs = 10_000

/** Creates the cache of provider metadata and keys; entries live one hour, failures are not kept. */
export function createOpenIdClient(fetchProvider: ProviderFetch): OpenIdClient {
  const metadata = new Map<string, { at: number; value: Promise<ProviderMetadata> }>()
  const jwks = new Map<string, { at: number; value: Promise<readonly JsonWebKey[]> }>()

  async function getJson<T extends v.GenericSchema>(url: string, schema: T): Promise<v.InferOutput<T>> {
    try {
      const response = await fetchProvider(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) throw new Error(`${url} answered ${response.status}`)
      return v.parse(schema, await response.json())
    } catch (error) {
      throw new SsoError('provider_unreachable', `The identity provider did not answer ${url}`, {
        cause: error,
      })
    }
  }

  function cached<T>(
    cache: Map<string, { at: number; value: Promise<T> }>,
    key: string,
    refresh: boolean,
    load: () => Promise<T>,
  ): Promise<T> {
    const entry = cache.get(key)
    if (entry && !refresh && Date.now() - entry.at < cacheMs) return entry.value
    const value = load()
    cache.set(key, { at: Date.now(), value })
    value.catch(() => cache.delete(key))
    return value
  }

  return {
    discover: (issuer) =>
      cached(metadata, issuer, false, async () => {
        const document = await getJson(
          `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
          discoverySchema,
        )
        // OpenID Connect Discovery 4.3: a document naming another issuer must not be used.
        if (document.issuer !== issuer) {
          throw new SsoError(
            'provider_unreachable',
            `The discovery document of ${issuer} names another issuer`,
          )
        }
        const methods = document.token_endpoint_auth_methods_supported ?? ['client_secret_basic']
        return {
          issuer,
          authorizationEndpoint: document.authorization_endpoint,
          tokenEndpoint: document.token_endpoint,
          jwksUri: document.jwks_uri,
          clientAuth: methods.includes('client_secret_basic') ? 'basic' : 'post',
        }
      }),
    keys: (jwksUri, refresh) =>
      cached(jwks, jwksUri, refresh, async () => (await getJson(jwksUri, jwksSchema)).keys as JsonWebKey[]),
    async exchangeCode(provider, client, grant) {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: grant.redirectUri,
        code_verifier: grant.verifier,
      })
      const headers: Record<string, string> = {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      }
      if (provider.clientAuth === 'basic') {
        // RFC 6749 2.3.1: both halves are form-encoded before they are joined.
        const id = encodeURIComponent(client.clientId)
        const secret = encodeURIComponent(client.clientSecret)
        headers.authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
      } else {
        form.set('client_id', client.clientId)
        form.set('client_secret', client.clientSecret)
      }
      let response: Response
      try {
        response = await fetchProvider(provider.tokenEndpoint, {
          method: 'POST',
          headers,
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        throw new SsoError('provider_unreachable', 'The identity provider did not answer the token request', {
          cause: error,
        })
      }
      try {
        if (!response.ok)
          throw new Error(`The token endpoint answered ${response.status}: ${await response.text()}`)
        return v.parse(tokenAnswerSchema, await response.json()).id_token
      } catch (error) {
        throw new SsoError('token_refused', 'The identity provider did not exchange the code', {
          cause: error,
        })
      }
    },
  }
}
