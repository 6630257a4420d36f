import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import {
  type SamlAnswer,
  samlId,
  samlResponseXml,
  signSamlAssertion,
} from '../../../server/sso/sandbox/saml-answer.ts'
import { createSamlSigningKey, sandboxSamlKey } from '../../../server/sso/sandbox/sandbox-saml-key.ts'
import { featureDrivers } from '../test-database.ts'
import { cookieOf, publicUrl, redirectOf, type SsoHarness, startSsoHarness } from './sso-harness.ts'

const startPath = (email: string) => `${apiUrl('/sso/start')}?${new URLSearchParams({ email })}`
const unique = (name: string) => `${name}+${Math.random().toString(36).slice(2, 10)}@saml.signet.test`
const idp = `${publicUrl}/api/sandbox/saml`
const acs = `${publicUrl}/api/sso/saml/acs`
const spEntityId = `${publicUrl}/api/sso/saml/metadata`
const error = (reason: string) => `/sso/error?reason=${reason}`

/** The token the assertion consumer service hands to the app in the fragment, or null for any other target. */
function tokenOf(location: string): string | null {
  if (!location.startsWith('/sso/callback#')) return null
  return new URLSearchParams(location.slice('/sso/callback#'.length)).get('token')
}

describe.each(featureDrivers)('SAML single sign-on on %s', (driver) => {
  let sso: SsoHarness

  beforeAll(async () => {
    sso = await startSsoHarness(driver)
  })

  afterAll(async () => {
    await sso?.stop()
  })

  /** The sign-in cookie each started request's browser holds, by the request's id. */
  const browsers = new Map<string, string>()

  /**
   * /sso/start for `email`: the sandbox IdP's sign-in URL, the request's id its RelayState carries, and the
   * sign-in cookie the browser keeps for the answer's finish.
   */
  async function start(email: string) {
    const response = await sso.get(startPath(email))
    const signIn = new URL(redirectOf(response))
    expect(`${signIn.origin}${signIn.pathname}`).toBe(`${idp}/sso`)
    const requestId = signIn.searchParams.get('RelayState') ?? ''
    const cookie = cookieOf(response, 'signet_sso')
    browsers.set(requestId, cookie)
    return { signIn, requestId, cookie }
  }

  /** What the sandbox IdP would answer to `requestId`, signed by its key, with `change`s. */
  async function answer(requestId: string, email: string, change: Partial<SamlAnswer> = {}) {
    const xml = samlResponseXml({
      issuer: idp,
      inResponseTo: requestId,
      recipient: acs,
      audience: spEntityId,
      person: { email, givenName: 'Anna', familyName: 'Muster' },
      now: sso.clock.now(),
      ...change,
    })
    return signSamlAssertion(xml, await sandboxSamlKey())
  }

  /**
   * Posts a SAMLResponse to the assertion consumer service as the IdP's page would (cross-site: no cookie), and
   * follows it to the finish with the cookie of the browser that started `relayState` (or `cookie`): where the
   * browser ends up.
   */
  async function post(responseXml: string, relayState: string, cookie = browsers.get(relayState)) {
    const response = await sso.post(apiUrl('/sso/saml/acs'), {
      SAMLResponse: Buffer.from(responseXml).toString('base64'),
      RelayState: relayState,
    })
    const location = redirectOf(response)
    if (!location.startsWith(`${apiUrl('/sso/saml/finish')}?`)) return location
    return redirectOf(await sso.get(location, cookie))
  }

  async function user(token: string) {
    const response = await fetch(`${sso.server.url}${apiUrl(apiPaths.user())}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    return toCamelCase(await response.json()) as Record<string, unknown>
  }

  it('signs a new company user in through the sandbox IdP, creating the account', async () => {
    const email = unique('anna')
    const { signIn } = await start(email)
    const page = await sso.get(signIn.href)
    expect(page.status).toBe(200)
    const hidden = (html: string) =>
      Object.fromEntries(
        [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
      )
    const form = hidden(await page.text())
    const signedIn = await sso.post(signIn.href, {
      ...form,
      email,
      given_name: 'Anna',
      family_name: 'Muster',
      action: 'sign_in',
    })
    expect(signedIn.status).toBe(200)
    const postBack = await signedIn.text()
    expect(postBack).toContain(`action="${acs}"`)
    const { SAMLResponse, RelayState } = hidden(postBack)
    const xml = Buffer.from(SAMLResponse ?? '', 'base64').toString('utf8')
    expect(xml).toContain('<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">')
    const token = tokenOf(await post(xml, RelayState ?? ''))
    expect(token).not.toBeNull()
    expect(await user(token ?? '')).toMatchObject({
      email,
      firstName: 'Anna',
      lastName: 'Muster',
      hasSso: true,
      emailVerified: true,
    })
  })

  it('serves the service provider metadata: entity id, POST consumer service, signed assertions', async () => {
    const response = await sso.get(apiUrl('/sso/saml/metadata'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/samlmetadata\+xml/)
    const xml = await response.text()
    expect(xml).toContain(`entityID="${spEntityId}"`)
    expect(xml).toContain('WantAssertionsSigned="true"')
    expect(xml).toMatch(
      new RegExp(`Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${acs}"`),
    )
  })

  it('finishes a sign-in only in the browser that began it', async () => {
    const email = unique('bound')
    // An attacker begins a sign-in with their own account and has its answer finished in a victim's browser.
    const mallory = await start(email)
    const answered = await answer(mallory.requestId, email)
    const victim = await start(unique('victim'))
    expect(await post(answered, mallory.requestId, victim.cookie)).toBe(error('state_invalid'))
    // Nor in a browser without the sign-in cookie, and the answer was spent by the try.
    const again = await start(email)
    expect(await post(await answer(again.requestId, email), again.requestId, '')).toBe(error('state_invalid'))
    // An answer to one of our requests that comes back under another request's RelayState finishes neither.
    const first = await start(email)
    const second = await start(email)
    expect(await post(await answer(first.requestId, email), second.requestId)).toBe(error('state_invalid'))
    // In the browser that began it, the sign-in finishes.
    const own = await start(email)
    expect(tokenOf(await post(await answer(own.requestId, email), own.requestId))).not.toBeNull()
  })

  it('refuses an unsigned assertion and one signed by another key', async () => {
    const email = unique('forged')
    const unsigned = await start(email)
    const xml = samlResponseXml({
      issuer: idp,
      inResponseTo: unsigned.requestId,
      recipient: acs,
      audience: spEntityId,
      person: { email },
      now: sso.clock.now(),
    })
    expect(await post(xml, unsigned.requestId)).toBe(error('signature_invalid'))
    const forged = await start(email)
    const mallory = await createSamlSigningKey('Mallory')
    const forgedXml = signSamlAssertion(
      samlResponseXml({
        issuer: idp,
        inResponseTo: forged.requestId,
        recipient: acs,
        audience: spEntityId,
        person: { email },
        now: sso.clock.now(),
      }),
      mallory,
    )
    expect(await post(forgedXml, forged.requestId)).toBe(error('signature_invalid'))
    // A signed assertion whose content was changed afterwards is no better.
    const tampered = await start(email)
    const changed = (await answer(tampered.requestId, email)).replace(email, unique('mallory'))
    expect(await post(changed, tampered.requestId)).toBe(error('signature_invalid'))
  })

  it('refuses an answer posted twice, and an assertion id used before in a new answer', async () => {
    const email = unique('replay')
    const first = await start(email)
    const assertionId = samlId()
    const xml = await answer(first.requestId, email, { assertionId })
    expect(tokenOf(await post(xml, first.requestId))).not.toBeNull()
    // The request is answered: the same post again belongs to no waiting sign-in.
    expect(await post(xml, first.requestId)).toBe(error('state_invalid'))
    // A fresh request, answered with the same (validly signed) assertion id: the replay cache refuses it.
    const second = await start(email)
    expect(await post(await answer(second.requestId, email, { assertionId }), second.requestId)).toBe(
      error('assertion_replayed'),
    )
  })

  it('refuses an assertion that expired by the server clock', async () => {
    const email = unique('late')
    const { requestId } = await start(email)
    const xml = await answer(requestId, email, { lifetimeSeconds: 120 })
    // The assertion lives 120 s; the server allows a minute of clock skew.
    sso.clock.advance(181_000)
    expect(await post(xml, requestId)).toBe(error('assertion_expired'))
  })

  it('refuses an answer to a request that waited more than ten minutes', async () => {
    const email = unique('slow')
    const { requestId } = await start(email)
    sso.clock.advance(10 * 60 * 1000 + 1)
    expect(await post(await answer(requestId, email), requestId)).toBe(error('state_invalid'))
  })

  it('refuses an assertion for another audience, another recipient or another request', async () => {
    const email = unique('astray')
    const audience = await start(email)
    expect(
      await post(
        await answer(audience.requestId, email, { audience: 'https://other.example/sp' }),
        audience.requestId,
      ),
    ).toBe(error('assertion_misaddressed'))
    const recipient = await start(email)
    expect(
      await post(
        await answer(recipient.requestId, email, { recipient: 'https://other.example/acs' }),
        recipient.requestId,
      ),
    ).toBe(error('assertion_misaddressed'))
    const request = await start(email)
    expect(await post(await answer(samlId(), email), request.requestId)).toBe(error('state_invalid'))
    // Unsolicited (no request of ours named), or no SAMLResponse at all.
    expect(await post(await answer(samlId(), email), samlId())).toBe(error('state_invalid'))
    expect(redirectOf(await sso.post(apiUrl('/sso/saml/acs'), {}))).toBe(error('request_invalid'))
    // Not XML at all, for a waiting request: refused as invalid, not a server error.
    const garbage = await start(email)
    expect(await post('not <xml', garbage.requestId)).toBe(error('assertion_invalid'))
  })

  it('lets one address begin 20 sign-ins a minute, then sends it to /sso/error until the minute is over', async () => {
    // A fresh minute: the sign-ins of the tests before count no more.
    sso.clock.advance(60_000)
    const email = unique('many')
    for (let begun = 0; begun < 20; begun++) await start(email)
    expect(redirectOf(await sso.get(startPath(email)))).toBe(error('rate_limited'))
    sso.clock.advance(60_000)
    expect((await start(email)).requestId).not.toBe('')
  })

  it('sends a cancelled sign-in to /sso/error, and an address of another company to /sso/error/company', async () => {
    const cancelled = await start(unique('cancel'))
    const status = samlResponseXml({
      issuer: idp,
      inResponseTo: cancelled.requestId,
      recipient: acs,
      audience: spEntityId,
      now: sso.clock.now(),
    })
    expect(await post(status, cancelled.requestId)).toBe(error('access_denied'))
    const other = await start(unique('other'))
    expect(await post(await answer(other.requestId, 'eve@elsewhere.example'), other.requestId)).toBe(
      '/sso/error/company',
    )
  })
})
