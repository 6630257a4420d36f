import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { signInProviders } from '../../../contract/sign-in-providers.ts'
import { ConfigError, loadConfig } from '../../../server/config.ts'
import { signJwt } from '../../../server/sso/sign-jwt.ts'
import { ssoSettings } from '../../../server/sso/sso-settings.ts'
import { featureDrivers } from '../test-database.ts'
import { type FakeProvider, s256, startFakeProvider } from './fake-provider.ts'
import { cookieOf, publicUrl, redirectOf, type SsoHarness, startSsoHarness } from './sso-harness.ts'

const startPath = (query: Record<string, string>) => `${apiUrl('/sso/start')}?${new URLSearchParams(query)}`
const random = () => Math.random().toString(36).slice(2, 10)

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`)
}

describe('sign-in provider configuration', () => {
  const google = {
    issuer: 'https://accounts.google.com',
    client_id: 'signet',
    client_secret: 'hidden-secret',
  }

  it('reads SIGN_IN_PROVIDERS by provider, and never repeats the secrets in errors', () => {
    const config = loadConfig({
      APP_MODE: 'production',
      KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      SIGN_IN_PROVIDERS: JSON.stringify({ google }),
    })
    expect(ssoSettings(config).providers).toEqual({
      google: { issuer: 'https://accounts.google.com', clientId: 'signet', clientSecret: 'hidden-secret' },
    })
    for (const wrong of [
      JSON.stringify({ facebook: google }),
      JSON.stringify({ google: { ...google, issuer: 'not a url' } }),
      JSON.stringify({ google: { ...google, client_id: '' } }),
      JSON.stringify({ google: { issuer: google.issuer, client_secret: 'hidden-secret' } }),
      'not json',
    ]) {
      const error = configError({ SIGN_IN_PROVIDERS: wrong })
      expect(error.variable).toBe('SIGN_IN_PROVIDERS')
      expect(error.message).not.toContain('hidden-secret')
    }
    expect(configError({ SIGN_IN_PROVIDERS: JSON.stringify({ facebook: google }) }).message).toContain(
      'google, microsoft, swiss-eid, swissid, eidplus',
    )
    const onPostgres = { DATABASE_URL: 'postgres://db/signet', SIGN_IN_PROVIDERS: JSON.stringify({ google }) }
    expect(configError(onPostgres).variable).toBe('SSO_STATE_SECRET')
  })

  it('lets the sandbox stand in for the providers not configured, outside production only', () => {
    const sandbox = 'http://localhost:8080/api/sandbox/oidc'
    const development = ssoSettings(loadConfig({ SIGN_IN_PROVIDERS: JSON.stringify({ google }) })).providers
    expect(Object.keys(development)).toEqual([...signInProviders])
    expect(development.google?.issuer).toBe(google.issuer)
    expect(development.microsoft?.issuer).toBe(sandbox)
    expect(ssoSettings(loadConfig({ SSO_SANDBOX: 'false' })).providers).toEqual({})
  })
})

describe.each(featureDrivers)('sign-in providers on %s', (driver) => {
  let sso: SsoHarness
  let fake: FakeProvider
  let company: FakeProvider
  const microsoft = { clientId: 'signet-at-microsoft', clientSecret: 'microsoft secret' }

  beforeAll(async () => {
    fake = await startFakeProvider()
    company = await startFakeProvider()
    sso = await startSsoHarness(driver, {
      providers: [{ issuer: company.issuer, domain: 'company.example', clientId: 'c', clientSecret: 's' }],
      signInProviders: { microsoft: { issuer: fake.issuer, ...microsoft } },
    })
  })

  afterAll(async () => {
    await sso?.stop()
    await fake?.close()
    await company?.close()
  })

  /** /sso/start for `provider`: the sealed-state cookie and the provider's authorization URL. */
  async function start(provider: string) {
    const response = await sso.get(startPath({ provider }))
    return { cookie: cookieOf(response, 'signet_sso'), authorize: new URL(redirectOf(response)) }
  }

  /** Signs in at the sandbox standing in for `provider` as `person`: where the callback sends the browser. */
  async function signInAtSandbox(provider: string, person: Record<string, string>) {
    const { cookie, authorize } = await start(provider)
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${publicUrl}/api/sandbox/oidc/authorize`)
    expect(authorize.searchParams.get('login_hint')).toBeNull()
    const html = await (await sso.get(authorize.href)).text()
    const hidden = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    )
    const back = new URL(
      redirectOf(await sso.post(authorize.href, { ...hidden, ...person, action: 'sign_in' })),
    )
    return redirectOf(await sso.get(back.href, cookie))
  }

  /** The signed-in user of the token the callback handed to the app. */
  async function userOf(location: string) {
    expect(location).toMatch(/^\/sso\/callback#/)
    const token = new URLSearchParams(location.slice('/sso/callback#'.length)).get('token')
    const response = await fetch(`${sso.server.url}${apiUrl(apiPaths.user())}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    return toCamelCase(await response.json()) as {
      id: string
      email: string
      firstName: string | null
      hasSso: boolean
      emailVerified: boolean
    }
  }

  it('tells the app the offered providers in /login order', async () => {
    const response = await fetch(`${sso.server.url}${apiUrl(apiPaths.appConfig())}`)
    expect((await response.json()).sign_in_providers).toEqual([...signInProviders])
  })

  it('signs in a new person with the address the provider verified, and the same account again', async () => {
    const email = `lea.${random()}@example.org`
    const first = await userOf(await signInAtSandbox('google', { email, given_name: 'Lea' }))
    expect(first).toMatchObject({ email, firstName: 'Lea', hasSso: true, emailVerified: true })
    const again = await userOf(await signInAtSandbox('swiss-eid', { email: email.toUpperCase() }))
    expect(again.id).toBe(first.id)
  })

  it('signs in the existing account of the address', async () => {
    const email = `anna+${random()}@sso.signet.test`
    // The company's sign-in made the account; Google, standing in as the same sandbox, signs it in.
    const response = await sso.get(startPath({ email }))
    const authorize = new URL(redirectOf(response))
    const html = await (await sso.get(authorize.href)).text()
    const hidden = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    )
    const back = new URL(redirectOf(await sso.post(authorize.href, { ...hidden, email, action: 'sign_in' })))
    const existing = await userOf(redirectOf(await sso.get(back.href, cookieOf(response, 'signet_sso'))))
    expect((await userOf(await signInAtSandbox('google', { email }))).id).toBe(existing.id)
  })

  it('refuses an address of a company that signs in with its own provider', async () => {
    expect(await signInAtSandbox('eidplus', { email: `boss+${random()}@company.example` })).toBe(
      '/sso/error/company',
    )
  })

  it('answers 400 naming a provider that is not offered', async () => {
    const response = await sso.get(startPath({ provider: 'facebook' }))
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body).toMatchObject({ status: 400, code: 'request.invalid', field: 'provider' })
    expect(body.message).toContain('"facebook"')
    expect(response.headers.getSetCookie()).toEqual([])
  })

  describe('at a configured provider', () => {
    /** Signs in at the fake provider configured as Microsoft, which answers with the claims `extra` changes. */
    async function signInAtMicrosoft(email: string, extra: Record<string, unknown>) {
      const { cookie, authorize } = await start('microsoft')
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.issuer}/authorize`)
      expect(authorize.searchParams.get('client_id')).toBe(microsoft.clientId)
      const nonce = authorize.searchParams.get('nonce') ?? ''
      const challenge = authorize.searchParams.get('code_challenge') ?? ''
      const now = Math.floor(sso.clock.now().getTime() / 1000)
      const claims = {
        iss: fake.issuer,
        aud: microsoft.clientId,
        sub: email,
        email,
        nonce,
        iat: now,
        exp: now + 300,
      }
      const idToken = await signJwt({ ...claims, ...extra }, fake.key)
      fake.answerWith(({ form }) => (s256(form.get('code_verifier') ?? '') === challenge ? idToken : null))
      const state = authorize.searchParams.get('state') ?? ''
      return redirectOf(await sso.get(`/api/sso/callback?code=c0de&state=${state}`, cookie))
    }

    it('signs in with a verified address', async () => {
      const email = `mia.${random()}@example.net`
      const user = await userOf(await signInAtMicrosoft(email, { email_verified: true, given_name: 'Mia' }))
      expect(user).toMatchObject({ email, firstName: 'Mia', emailVerified: true })
    })

    it('refuses an address the provider has not verified, or does not say it has', async () => {
      const unverified = '/sso/error?reason=email_unverified'
      expect(await signInAtMicrosoft(`no.${random()}@example.net`, { email_verified: false })).toBe(
        unverified,
      )
      expect(await signInAtMicrosoft(`no.${random()}@example.net`, {})).toBe(unverified)
    })
  })
})

describe('sign-in providers in production', () => {
  let sso: SsoHarness

  beforeAll(async () => {
    sso = await startSsoHarness('pglite', { appMode: 'production' })
  })

  afterAll(async () => {
    await sso?.stop()
  })

  it('offers none unless configured', async () => {
    const response = await fetch(`${sso.server.url}${apiUrl(apiPaths.appConfig())}`)
    expect((await response.json()).sign_in_providers).toEqual([])
    expect((await sso.get(startPath({ provider: 'google' }))).status).toBe(400)
  })
})
