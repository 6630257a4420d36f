import type { JsonWebKey } from 'node:crypto'
import * as v from 'valibot'
import { SsoError } from './sso-error.ts'

/** How the server reaches identity providers; the sandbox is answered in-process. */
export type ProviderFetch = (url: string, init?: RequestInit) => Promise<Response>

/** What this app uses of a provider's discovery document (OpenID Connect Discovery 1.0). */
export type ProviderMetadata = {
  issuer: string
  authorizationEndpoint: string
  tokenEndpoint: string
  jwksUri: string
  /** Prefers HTTP Basic, the default of the specification. */
  clientAuth: 'basic' | 'post'
}

/** Discovery and signing keys of identity providers, cached per issuer. */
export type OpenIdClient = {
  discover(issuer: string): Promise<ProviderMetadata>
  keys(jwksUri: string, refresh: boolean): Promise<readonly JsonWebKey[]>
  /** The transport the metadata came through, for the token request. */
  fetch: ProviderFetch
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
    fetch: fetchProvider,
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
  }
}
