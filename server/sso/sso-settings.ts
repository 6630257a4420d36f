import { createHmac, randomBytes } from 'node:crypto'
import { apiBase } from '../../contract/paths.ts'
import type { AppConfig, SsoClient } from '../config.ts'
import { ssoPaths } from './sso-paths.ts'

/** The single sign-on configuration with its defaults applied. */
export type SsoSettings = {
  /** Sandbox provider and its client, or null when it is off (always in production). */
  sandbox: { issuer: string; client: SsoClient } | null
  /** Credentials per issuer: SSO_CLIENTS, plus the sandbox's. */
  clients: Readonly<Record<string, SsoClient>>
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
      }
    : null
  return {
    sandbox,
    clients: { ...config.ssoClients, ...(sandbox ? { [sandbox.issuer]: sandbox.client } : {}) },
    stateSecret,
    redirectUri: `${apiUrl}${ssoPaths.callback}`,
  }
}
