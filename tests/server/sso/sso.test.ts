import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { signJwt } from '../../../server/sso/sign-jwt.ts'
import { ssoSettings } from '../../../server/sso/sso-settings.ts'
import { featureDrivers } from '../test-database.ts'
import { basicCredentials, type FakeProvider, s256, startFakeProvider } from './fake-provider.ts'
import { cookieOf, publicUrl, redirectOf, type SsoHarness, startSsoHarness } from './sso-harness.ts'

const startPath = (email: string) => `${apiUrl('/sso/start')}?${new URLSearchParams({ email })}`
const unique = (name: string) => `${name}+${Math.random().toString(36).slice(2, 10)}@sso.signet.test`

/** The fragment the callback hands to the app, or null for any other target. */
function tokenOf(location: string): { token: string; expiresAt: string } | null {
  if (!location.startsWith('/sso/callback#')) return null
  const fragment = new URLSearchParams(location.slice('/sso/callback#'.length))
  return { token: fragment.get('token') ?? '', expiresAt: fragment.get('expires_at') ?? '' }
}

describe.each(featureDrivers)('single sign-on on %s', (driver) => {
  let sso: SsoHarness
  let fake: FakeProvider
  const fakeClient = { clientId: 'signet-test', clientSecret: 'fake secret: with colon' }

  beforeAll(async () => {
    fake = await startFakeProvider()
    sso = await startSsoHarness(driver, {
      providers: [{ issuer: fake.issuer, domain: 'fake.example', ...fakeClient }],
    })
  })

  afterAll(async () => {
    await sso?.stop()
    await fake?.close()
  })

  /** /sso/start for `email`: the sealed-state cookie and the provider's authorization URL. */
  async function start(email: string) {
    const response = await sso.get(startPath(email))
    const authorize = new URL(redirectOf(response))
    return { cookie: cookieOf(response, 'signet_sso'), authorize }
  }

  /** Fills and sends the sandbox's sign-in page: the provider's redirect back to our callback. */
  async function signInAtSandbox(authorize: URL, person: Record<string, string>, action = 'sign_in') {
    const page = await sso.get(authorize.href)
    expect(page.status).toBe(200)
    const html = await page.text()
    const hidden = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    )
    const response = await sso.post(authorize.href, { ...hidden, ...person, action })
    return new URL(redirectOf(response))
  }

  async function user(token: string) {
    const response = await fetch(`${sso.server.url}${apiUrl(apiPaths.user())}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    return toCamelCase(await response.json()) as {
      id: string
      email: string
      firstName: string | null
      lastName: string | null
      hasSso: boolean
      emailVerified: boolean
      attributes: Record<string, string[]>
    }
  }

  it('signs a new company user in through the sandbox with the whole code flow', async () => {
    const email = unique('anna')
    const lookup = await fetch(`${sso.server.url}${apiUrl(apiPaths.identityProviders())}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    expect(await lookup.json()).toEqual({ url: `${publicUrl}${startPath(email)}` })

    const { cookie, authorize } = await start(email)
    expect(cookie).toMatch(/^signet_sso=/)
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${publicUrl}/api/sandbox/oidc/authorize`)
    const params = authorize.searchParams
    expect(params.get('response_type')).toBe('code')
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('redirect_uri')).toBe(`${publicUrl}/api/sso/callback`)
    expect(params.get('login_hint')).toBe(email)
    const page = await (await sso.get(authorize.href)).text()
    expect(page).toContain(`value="${email}"`)
    expect(page).toContain('<label for="email">')

    const back = await signInAtSandbox(authorize, { email, given_name: 'Anna', family_name: 'Muster' })
    expect(`${back.origin}${back.pathname}`).toBe(`${publicUrl}/api/sso/callback`)
    expect(back.searchParams.get('state')).toBe(params.get('state'))
    const callback = await sso.get(back.href, cookie)
    const answer = tokenOf(redirectOf(callback))
    expect(answer).not.toBeNull()
    expect(callback.headers.getSetCookie().some((c) => /^signet_sso=;/.test(c))).toBe(true)
    const signedIn = await user(answer?.token ?? '')
    expect(signedIn).toMatchObject({
      email,
      firstName: 'Anna',
      lastName: 'Muster',
      hasSso: true,
      emailVerified: true,
    })
    expect(signedIn.attributes.accepted_gtc).toBeUndefined()

    // The second sign-in finds the same account.
    const again = await start(email)
    const backAgain = await signInAtSandbox(again.authorize, { email, given_name: '', family_name: '' })
    const second = tokenOf(redirectOf(await sso.get(backAgain.href, again.cookie)))
    expect((await user(second?.token ?? '')).id).toBe(signedIn.id)
  })

  it('creates a user without names when the provider names none', async () => {
    const email = unique('nameless')
    const { cookie, authorize } = await start(email)
    const back = await signInAtSandbox(authorize, { email, given_name: '', family_name: '' })
    const answer = tokenOf(redirectOf(await sso.get(back.href, cookie)))
    expect(await user(answer?.token ?? '')).toMatchObject({ firstName: null, lastName: null, hasSso: true })
  })

  it('sends a cancelled sign-in to /sso/error', async () => {
    const { cookie, authorize } = await start(unique('cancel'))
    const back = await signInAtSandbox(authorize, {}, 'cancel')
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(redirectOf(await sso.get(back.href, cookie))).toBe('/sso/error?reason=access_denied')
  })

  it('refuses a callback whose state is not the one this browser started', async () => {
    const email = unique('state')
    const first = await start(email)
    const second = await start(email)
    const back = await signInAtSandbox(first.authorize, { email })
    expect(redirectOf(await sso.get(back.href, second.cookie))).toBe('/sso/error?reason=state_invalid')
    expect(redirectOf(await sso.get(back.href))).toBe('/sso/error?reason=state_invalid')
    expect(redirectOf(await sso.get(back.href, 'signet_sso=forged'))).toBe('/sso/error?reason=state_invalid')
    // RFC 9207: the sandbox names itself in its answer; an answer naming another provider is refused.
    expect(back.searchParams.get('iss')).toBe(`${publicUrl}/api/sandbox/oidc`)
    const third = await start(email)
    const mixedUp = await signInAtSandbox(third.authorize, { email })
    mixedUp.searchParams.set('iss', 'https://evil.example')
    expect(redirectOf(await sso.get(mixedUp.href, third.cookie))).toBe('/sso/error?reason=state_invalid')
  })

  it('refuses a sign-in that took longer than ten minutes', async () => {
    const email = unique('slow')
    const { cookie, authorize } = await start(email)
    const back = await signInAtSandbox(authorize, { email })
    sso.clock.advance(10 * 60 * 1000 + 1)
    expect(redirectOf(await sso.get(back.href, cookie))).toBe('/sso/error?reason=state_invalid')
  })

  it('redeems a sandbox code once, only with the PKCE verifier, within 60 seconds', async () => {
    const sandbox = ssoSettings(sso.config).sandbox
    if (sandbox === null) throw new Error('the sandbox is off')
    const basic = `Basic ${Buffer.from(`${sandbox.client.clientId}:${sandbox.client.clientSecret}`).toString('base64')}`
    const tokenUrl = apiUrl('/sandbox/oidc/token')
    const email = unique('pkce')
    const verifier = 'a-verifier-of-the-test-that-is-long-enough-for-pkce-43'
    const authorize = new URL(`${publicUrl}${apiUrl('/sandbox/oidc/authorize')}`)
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: sandbox.client.clientId,
      redirect_uri: `${publicUrl}/api/sso/callback`,
      scope: 'openid email profile',
      state: 's',
      nonce: 'n',
      code_challenge: s256(verifier),
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value)
    }
    const code = async () => (await signInAtSandbox(authorize, { email })).searchParams.get('code') ?? ''
    const redeem = (form: Record<string, string>, authorization = basic) =>
      sso.post(
        tokenUrl,
        { grant_type: 'authorization_code', redirect_uri: `${publicUrl}/api/sso/callback`, ...form },
        { authorization },
      )

    const wrongVerifier = await code()
    const refused = await redeem({ code: wrongVerifier, code_verifier: `${verifier}x` })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' })
    // The refused attempt used the code up.
    expect((await redeem({ code: wrongVerifier, code_verifier: verifier })).status).toBe(400)

    const good = await code()
    expect((await redeem({ code: good, code_verifier: verifier }, 'Basic d3Jvbmc6d3Jvbmc=')).status).toBe(401)
    const fresh = await code()
    const answer = await redeem({ code: fresh, code_verifier: verifier })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const { id_token: idToken } = (await answer.json()) as { id_token: string }
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString())
    expect(claims).toMatchObject({
      iss: sandbox.issuer,
      aud: sandbox.client.clientId,
      email,
      email_verified: true,
      nonce: 'n',
    })
    expect(claims.exp - claims.iat).toBeGreaterThan(0)
    const reused = await redeem({ code: fresh, code_verifier: verifier })
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' })

    const late = await code()
    sso.clock.advance(61_000)
    expect(await (await redeem({ code: late, code_verifier: verifier })).json()).toMatchObject({
      error: 'invalid_grant',
    })
  })

  it('refuses to sign in twice with one code', async () => {
    const email = unique('reuse')
    const { cookie, authorize } = await start(email)
    const back = await signInAtSandbox(authorize, { email })
    expect(tokenOf(redirectOf(await sso.get(back.href, cookie)))).not.toBeNull()
    expect(redirectOf(await sso.get(back.href, cookie))).toBe('/sso/error?reason=token_refused')
  })

  it('sends a user the provider does not speak for to /sso/error/company', async () => {
    const { cookie, authorize } = await start(unique('mismatch'))
    const back = await signInAtSandbox(authorize, { email: 'bob@other.example' })
    expect(redirectOf(await sso.get(back.href, cookie))).toBe('/sso/error/company')
    expect(redirectOf(await sso.get(startPath('carla@no-sso.example')))).toBe('/sso/error/company')
    expect(redirectOf(await sso.get(apiUrl('/sso/start')))).toBe('/sso/error?reason=request_invalid')
  })

  it('refuses an unknown client or return address without redirecting to it', async () => {
    const { authorize } = await start(unique('client'))
    const wrongClient = new URL(authorize)
    wrongClient.searchParams.set('client_id', 'someone-else')
    expect((await sso.get(wrongClient.href)).status).toBe(400)
    const wrongReturn = new URL(authorize)
    wrongReturn.searchParams.set('redirect_uri', 'https://evil.example/callback')
    const refused = await sso.get(wrongReturn.href)
    expect(refused.status).toBe(400)
    expect(refused.headers.get('location')).toBeNull()
  })

  describe('with a real provider', () => {
    type Moment = { email: string; nonce: string; now: number }

    /** Starts at the fake provider and lets it answer the code with the id_token `write` makes. */
    async function signInWith(
      write: (moment: Moment) => Promise<string> | string | null,
      email = `dora+${Math.random().toString(36).slice(2, 8)}@fake.example`,
    ) {
      const { cookie, authorize } = await start(email)
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fake.issuer}/authorize`)
      const nonce = authorize.searchParams.get('nonce') ?? ''
      const challenge = authorize.searchParams.get('code_challenge') ?? ''
      const now = Math.floor(sso.clock.now().getTime() / 1000)
      const idToken = await write({ email, nonce, now })
      fake.answerWith(({ form }) => (s256(form.get('code_verifier') ?? '') === challenge ? idToken : null))
      const state = authorize.searchParams.get('state') ?? ''
      return redirectOf(await sso.get(`/api/sso/callback?code=c0de&state=${state}`, cookie))
    }

    const claims = ({ email, nonce, now }: Moment) => ({
      iss: fake.issuer,
      aud: fakeClient.clientId,
      sub: 'dora',
      email,
      email_verified: true,
      given_name: 'Dora',
      family_name: 'Beispiel',
      nonce,
      iat: now,
      exp: now + 300,
    })
    const refused = '/sso/error?reason=id_token_invalid'

    it('signs in with a valid id_token, sending the PKCE verifier and the client credentials', async () => {
      const location = await signInWith((moment) => signJwt(claims(moment), fake.key))
      expect(tokenOf(location)).not.toBeNull()
      const request = fake.requests.at(-1)
      expect(request?.form.get('grant_type')).toBe('authorization_code')
      expect(request?.form.get('code')).toBe('c0de')
      expect(request?.form.get('redirect_uri')).toBe(`${publicUrl}/api/sso/callback`)
      expect(request?.form.get('client_secret')).toBeNull()
      expect(basicCredentials(request?.authorization)).toEqual([fakeClient.clientId, fakeClient.clientSecret])
    })

    it('refuses an id_token for another audience, expired, tampered, replayed or not signed by the provider', async () => {
      const sign = (moment: Moment, change: Record<string, unknown>) =>
        signJwt({ ...claims(moment), ...change }, fake.key)
      expect(await signInWith((m) => sign(m, { aud: 'someone-else' }))).toBe(refused)
      expect(await signInWith((m) => sign(m, { aud: ['someone-else', fakeClient.clientId] }))).toBe(refused)
      expect(await signInWith((m) => sign(m, { iat: m.now - 900, exp: m.now - 600 }))).toBe(refused)
      expect(await signInWith((m) => sign(m, { iss: 'https://other.example' }))).toBe(refused)
      expect(await signInWith((m) => sign(m, { nonce: 'another sign-in' }))).toBe(refused)
      expect(await signInWith((m) => signJwt(claims(m), fake.strangerKey))).toBe(refused)
      const tampered = async (m: Moment) => {
        const [header, , signature] = (await sign(m, {})).split('.')
        const payload = Buffer.from(JSON.stringify({ ...claims(m), email: 'boss@fake.example' })).toString(
          'base64url',
        )
        return `${header}.${payload}.${signature}`
      }
      expect(await signInWith(tampered)).toBe(refused)
      const unsigned = (m: Moment) =>
        `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims(m))).toString('base64url')}.`
      expect(await signInWith(unsigned)).toBe(refused)
      expect(await signInWith((m) => sign(m, { email_verified: false }))).toBe(
        '/sso/error?reason=email_unverified',
      )
    })

    it('refuses a provider that vouches for an address of another company', async () => {
      expect(await signInWith((m) => signJwt({ ...claims(m), email: unique('anna') }, fake.key))).toBe(
        '/sso/error/company',
      )
    })

    it('refuses a code the provider does not exchange', async () => {
      expect(await signInWith(() => null, 'erin@fake.example')).toBe('/sso/error?reason=token_refused')
    })
  })
})

describe('single sign-on in production', () => {
  let sso: SsoHarness
  let plainHttp: FakeProvider

  beforeAll(async () => {
    plainHttp = await startFakeProvider()
    sso = await startSsoHarness('pglite', {
      appMode: 'production',
      providers: [{ issuer: plainHttp.issuer, domain: 'plain.example', clientId: 'c', clientSecret: 's' }],
    })
  })

  afterAll(async () => {
    await sso?.stop()
    await plainHttp?.close()
  })

  it('does not talk to a provider over plain HTTP', async () => {
    expect(redirectOf(await sso.get(startPath('dora@plain.example')))).toBe(
      '/sso/error?reason=provider_unreachable',
    )
  })

  it('has no sandbox provider and no sandbox domain', async () => {
    for (const path of ['/.well-known/openid-configuration', '/authorize', '/jwks']) {
      expect((await sso.get(apiUrl(`/sandbox/oidc${path}`))).status).toBe(404)
    }
    expect((await sso.post(apiUrl('/sandbox/oidc/token'), { grant_type: 'authorization_code' })).status).toBe(
      404,
    )
    expect((await sso.get(apiUrl('/sandbox/saml/sso'))).status).toBe(404)
    const lookup = await fetch(`${sso.server.url}${apiUrl(apiPaths.identityProviders())}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'anna@sso.signet.test' }),
    })
    expect(await lookup.json()).toEqual({ url: null })
    expect(redirectOf(await sso.get(`${apiUrl('/sso/start')}?email=anna%40sso.signet.test`))).toBe(
      '/sso/error/company',
    )
  })
})
