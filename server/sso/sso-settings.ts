import { createHmac, randomBytes } from 'node:crypto'
import { apiBase } from '../../contract/paths.ts'
import { type SignInProvider, signInProviders } from '../../contract/sign-in-providers.ts'
import type { AppConfig, SignInProviderRegistration, SsoClient } from '../config.ts'
import type { SamlIdentityProvider, SamlServiceProvider } from './saml-client.ts'
import { sandboxSamlKey } from './sandbox/sandbox-saml-key.ts'
import { ssoPaths } from './sso-paths.ts'

/** The single sign-on configuration with its defaults applied. */
export type SsoSettings = {
  /**
   * Sandbox OpenID provider and its client, and the sandbox SAML identity provider's entity id, or null when
   * they are off (always in production).
   */
  sandbox: { issuer: string; client: SsoClient; samlIdp: string } | null
  /**
   * The sign-in providers /login offers, in its order: SIGN_IN_PROVIDERS, and outside production with the
   * sandbox on, the sandbox OpenID provider standing in for each one it leaves out.
   */
  providers: Readonly<Partial<Record<SignInProvider, SignInProviderRegistration>>>
  /** Credentials per issuer: SSO_CLIENTS, plus the sandbox's. */
  clients: Readonly<Record<string, SsoClient>>
  /** SAML identity providers per entity id: SSO_SAML_PROVIDERS, plus the sandbox's. */
  samlProviders: Readonly<Record<string, SamlIdentityProvider>>
  serviceProvider: SamlServiceProvider
  stateSecret: string
  redirectUri: string
}

/** Reads {@link SsoSettings} from the app configuration. */
export function ssoSettings(config: AppConfig): SsoSettings {
  const apiUrl = `${config.publicUrl}${apiBase}`
  const sandboxOn = config.appMode !== 'production' && (config.ssoSandbox ?? true)
  const stateSecret = config.ssoStateSecret ?? randomBytes(32).toString('base64url')
  // Derived, so every process sharing SSO_STATE_SECRET agrees on it, and nobody needs to set another one.
  const sandboxSecret = createHmac('sha256', stateSecret).update('sandbox client secret').digest('base64url')
  const sandbox = sandboxOn
    ? {
        issuer: `${apiUrl}${ssoPaths.sandboxIssuer}`,
        client: { clientId: 'signet-sandbox', clientSecret: sandboxSecret },
        samlIdp: `${apiUrl}${ssoPaths.sandboxSamlIdp}`,
      }
    : null
  const samlProviders: Record<string, SamlIdentityProvider> = Object.fromEntries(
    Object.entries(config.ssoSamlProviders ?? {}).map(([entityId, { entryPoint, certificate }]) => [
      entityId,
      { entryPoint, certificate: async () => certificate },
    ]),
  )
  if (sandbox !== null) {
    samlProviders[sandbox.samlIdp] = {
      entryPoint: `${sandbox.samlIdp}/sso`,
      certificate: async () => (await sandboxSamlKey()).certificatePem,
    }
  }
  const configured = config.signInProviders ?? {}
  const providers: Partial<Record<SignInProvider, SignInProviderRegistration>> = {}
  for (const provider of signInProviders) {
    const registration =
      configured[provider] ?? (sandbox === null ? undefined : { issuer: sandbox.issuer, ...sandbox.client })
    if (registration !== undefined) providers[provider] = registration
  }
  return {
    sandbox,
    providers,
    clients: { ...config.ssoClients, ...(sandbox ? { [sandbox.issuer]: sandbox.client } : {}) },
    samlProviders,
    serviceProvider: {
      entityId: `${apiUrl}${ssoPaths.samlMetadata}`,
      acsUrl: `${apiUrl}${ssoPaths.samlAcs}`,
    },
    stateSecret,
    redirectUri: `${apiUrl}${ssoPaths.callback}`,
  }
}
