import type { Logger } from 'pino'
import type { SignInProvider } from '../../contract/sign-in-providers.ts'
import type { SignInProviderRegistration, SsoClient } from '../config.ts'
import type { Database } from '../db/open-database.ts'
import type { OpenIdClient } from './openid-client.ts'
import type { SamlClient, SamlIdentityProvider } from './saml-client.ts'
import type { SignInSeals } from './sign-in-seal.ts'

/** What the single sign-on operations work with; built once by the routes. */
export type SsoServices = {
  db: Database
  now: () => Date
  logger: Logger
  openId: OpenIdClient
  seals: SignInSeals
  /** This app's credentials at each provider, keyed by issuer URL as `sso_domains` holds it. */
  clients: Readonly<Record<string, SsoClient>>
  /** The sign-in providers /login offers, each with its issuer and our credentials there. */
  providers: Readonly<Partial<Record<SignInProvider, SignInProviderRegistration>>>
  /** Absolute URL of our callback, registered at every provider. */
  redirectUri: string
  saml: SamlClient
  /** The SAML identity providers, keyed by entity id as `sso_domains` holds it. */
  samlProviders: Readonly<Record<string, SamlIdentityProvider>>
}
