import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../../server/config.ts'
import { ssoSettings } from '../../../server/sso/sso-settings.ts'

/** Production, with the key it needs to start. */
const production = { APP_MODE: 'production', KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') }

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`)
}

describe('single sign-on configuration', () => {
  it('serves the sandbox outside production unless SSO_SANDBOX is false, and never in production', () => {
    expect(ssoSettings(loadConfig({})).sandbox?.issuer).toBe('http://localhost:8080/api/sandbox/oidc')
    expect(ssoSettings(loadConfig({ APP_MODE: 'staging' })).sandbox).not.toBeNull()
    expect(ssoSettings(loadConfig({ SSO_SANDBOX: 'false' })).sandbox).toBeNull()
    expect(ssoSettings(loadConfig(production)).sandbox).toBeNull()
    expect(configError({ ...production, SSO_SANDBOX: 'true' }).variable).toBe('SSO_SANDBOX')
  })

  it('reads the client credentials of real providers by issuer, and never repeats them in errors', () => {
    const config = loadConfig({
      ...production,
      PUBLIC_URL: 'https://sign.example.ch',
      SSO_CLIENTS: JSON.stringify({
        'https://login.example.com/': { client_id: 'signet', client_secret: 's' },
      }),
      SSO_STATE_SECRET: 'x'.repeat(32),
    })
    const settings = ssoSettings(config)
    expect(settings.clients).toEqual({
      'https://login.example.com/': { clientId: 'signet', clientSecret: 's' },
    })
    expect(settings.redirectUri).toBe('https://sign.example.ch/api/sso/callback')
    expect(settings.stateSecret).toBe('x'.repeat(32))

    const wrong = configError({ SSO_CLIENTS: '{"https://login.example.com": {"client_secret": "hidden"}}' })
    expect(wrong.variable).toBe('SSO_CLIENTS')
    expect(wrong.message).not.toContain('hidden')
    expect(configError({ SSO_CLIENTS: 'not json' }).variable).toBe('SSO_CLIENTS')
    expect(configError({ SSO_STATE_SECRET: 'short' }).variable).toBe('SSO_STATE_SECRET')
  })

  it('derives the same sandbox client secret from the same state secret', () => {
    const env = { SSO_STATE_SECRET: 'y'.repeat(40) }
    expect(ssoSettings(loadConfig(env)).sandbox?.client).toEqual(ssoSettings(loadConfig(env)).sandbox?.client)
  })

  it('reads the SAML identity providers by entity id, beside the sandbox one outside production', async () => {
    const certificate = 'MIIC'.padEnd(120, 'A')
    const providers = JSON.stringify({
      'urn:example:idp': { entry_point: 'https://idp.example.com/sso', certificate },
    })
    const settings = ssoSettings(
      loadConfig({ ...production, PUBLIC_URL: 'https://sign.example.ch', SSO_SAML_PROVIDERS: providers }),
    )
    expect(Object.keys(settings.samlProviders)).toEqual(['urn:example:idp'])
    expect(settings.samlProviders['urn:example:idp']?.entryPoint).toBe('https://idp.example.com/sso')
    expect(await settings.samlProviders['urn:example:idp']?.certificate()).toBe(certificate)
    expect(settings.serviceProvider).toEqual({
      entityId: 'https://sign.example.ch/api/sso/saml/metadata',
      acsUrl: 'https://sign.example.ch/api/sso/saml/acs',
    })
    expect(Object.keys(ssoSettings(loadConfig({})).samlProviders)).toEqual([
      'http://localhost:8080/api/sandbox/saml',
    ])

    const noCertificate = JSON.stringify({
      'urn:example:idp': { entry_point: 'https://idp.example.com/sso' },
    })
    expect(configError({ SSO_SAML_PROVIDERS: noCertificate }).variable).toBe('SSO_SAML_PROVIDERS')
    expect(configError({ SSO_SAML_PROVIDERS: 'not json' }).variable).toBe('SSO_SAML_PROVIDERS')
    const both = {
      SSO_SAML_PROVIDERS: JSON.stringify({
        'https://idp.example.com/': { entry_point: 'https://idp.example.com/sso', certificate },
      }),
      SSO_CLIENTS: JSON.stringify({ 'https://idp.example.com/': { client_id: 'c', client_secret: 's' } }),
    }
    expect(configError(both).variable).toBe('SSO_SAML_PROVIDERS')
  })
})
