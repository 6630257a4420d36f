import { pino } from 'pino'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { type DirectUser, directAuthorization } from '../../../contract/direct.ts'
import { identificationInfoSchema, identificationPaths } from '../../../contract/identification.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { createIdentificationServices } from '../../../server/identification/create-identification-services.ts'
import { unlockedQualities } from '../../../server/identification/identification-method.ts'
import { requireProvider } from '../../../server/identification/start-identification.ts'
import { signJwt } from '../../../server/sso/sign-jwt.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { type AccountsClient, readJson, startAccountsClient } from '../accounts/accounts-client.ts'
import { openBusiness } from '../businesses/business-client.ts'
import { type DirectLink, parseLink } from '../direct/direct-link.ts'
import { type FakeIdnow, startFakeIdnow } from '../providers/fake-idnow.ts'
import { type RequestsClient, startRequestsClient, uploaded } from '../signature-requests/requests-client.ts'
import {
  basicCredentials,
  type FakeProvider,
  s256,
  startFakeProvider,
  type TokenRequest,
} from '../sso/fake-provider.ts'
import { readAttributes, readQualities } from './read-identity.ts'

const clientId = 'https://signet.example/id-austria'
const clientSecret = 'the client secret of the tests'
const callback = `http://localhost${apiUrl(identificationPaths.idAustriaCallback)}`
const eidasHigh = 'http://eidas.europa.eu/LoA/high'
const levelClaim = 'urn:pvpgvat:oidc.eid_citizen_qaa_eidas_level'

describe('the Austrian eID through ID Austria', () => {
  let idAustria: FakeProvider
  let api: AccountsClient

  beforeAll(async () => {
    idAustria = await startFakeProvider()
    api = await startAccountsClient('pglite', {
      idAustria: { issuer: idAustria.issuer, clientId, clientSecret },
    })
  })

  afterAll(async () => {
    await api?.server.stop()
    await idAustria?.close()
  })

  let people = 0
  const signUp = () => api.signUp(`person-${++people}@example.at`)
  const info = async (response: Response, status = 200) =>
    v.parse(identificationInfoSchema, await readJson(response, status))
  const start = async (token: string) =>
    new URL(
      (await info(await api.call('POST', identificationPaths.user('austria', 'eid'), { token }), 201))
        .identUrl,
    )
  const read = (token: string) => api.call('GET', identificationPaths.user('austria', 'eid'), { token })
  const qualities = (token: string) => readQualities(api, token)
  const attributes = (token: string) => readAttributes(api, token)
  const comeBack = (query: Record<string, string>, headers?: Record<string, string>) =>
    comeBackTo(api, query, headers)
  const idToken = (authorize: URL, claims: Record<string, unknown> = {}) =>
    idTokenOf(idAustria, api.clock.now(), authorize, claims)
  /** ID Austria redeeming `code` (with the PKCE verifier of `authorize`) for `token`, and nothing else. */
  const answer = (authorize: URL, code: string, token: string) =>
    idAustria.answerWith(({ form }: TokenRequest) =>
      form.get('code') === code &&
      s256(form.get('code_verifier') ?? '') === authorize.searchParams.get('code_challenge')
        ? token
        : null,
    )

  it('starts at the authorization endpoint: code flow with state, nonce and PKCE, back to the callback', async () => {
    const authorize = await start(await signUp())
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${idAustria.issuer}/authorize`)
    const query = Object.fromEntries(authorize.searchParams)
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: callback,
      scope: 'openid profile',
      code_challenge_method: 'S256',
    })
    for (const random of ['state', 'nonce', 'code_challenge']) expect(query[random]).toMatch(/^[\w-]{43}$/)
    // Another appointment, other values.
    const other = Object.fromEntries((await start(await signUp())).searchParams)
    expect(other.state).not.toBe(query.state)
    expect(other.nonce).not.toBe(query.nonce)
    expect(other.code_challenge).not.toBe(query.code_challenge)
  })

  it('identifies the person ID Austria names at level high, as the sandbox does, once', async () => {
    const maria = await signUp()
    const authorize = await start(maria)
    const state = authorize.searchParams.get('state') ?? ''
    answer(authorize, 'code-of-maria', await idToken(authorize))
    const requests = idAustria.requests.length

    const back = await comeBack({ state, code: 'code-of-maria' })
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe(
      '/profile/signature-standards/id-austria-success?identification=returned',
    )
    const redeemed = idAustria.requests.at(-1)
    expect(redeemed?.form.get('redirect_uri')).toBe(callback)
    expect(basicCredentials(redeemed?.authorization)).toEqual([clientId, clientSecret])

    expect(await info(await read(maria))).toMatchObject({ appointmentStatus: 'success' })
    const granted = await attributes(maria)
    // What a success of the sandbox's Austrian eID unlocks: aes and the qualified eidas signature.
    expect(granted.signatureQualities).toEqual(unlockedQualities({ provider: 'austria', mode: 'eid' }))
    expect(Object.keys((await qualities(maria)).qes ?? {})).toEqual(['eidas'])
    expect(granted.immutableEidFields).toEqual(['first_name', 'last_name', 'date_of_birth'])

    // The same return again (a reload, or someone replaying it): a 400 page, nothing redeemed or applied; it
    // leads to the identification's page, which shows the result.
    const replayed = await comeBack({ state, code: 'code-of-maria' })
    expect(replayed.status).toBe(400)
    const page = await replayed.text()
    expect(page).toContain('has ended already')
    expect(page).toContain('href="/profile/signature-standards/id-austria-success?identification=returned"')
    expect(idAustria.requests.length).toBe(requests + 1)
    expect(await info(await read(maria))).toMatchObject({ appointmentStatus: 'success' })
    expect(await attributes(maria)).toEqual(granted)
  })

  it('cancels the identification the person cancelled at ID Austria, and goes back to show it', async () => {
    const franz = await signUp()
    const authorize = await start(franz)
    const requests = idAustria.requests.length
    const back = await comeBack({
      state: authorize.searchParams.get('state') ?? '',
      error: 'access_denied',
      error_description: 'The user cancelled',
    })
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe(
      '/profile/signature-standards/id-austria-success?identification=returned',
    )
    expect(idAustria.requests.length).toBe(requests)
    // No appointment left, which the page shows as not identified; a new start is a new appointment.
    await api.expectError(await read(franz), 404, 'identification.not_found')
    expect((await qualities(franz)).qes).toBeUndefined()
    expect((await start(franz)).searchParams.get('state')).not.toBe(authorize.searchParams.get('state'))
  })

  it("answers a forged or unknown state with a 400 page in the visitor's language and changes nothing", async () => {
    const anna = await signUp()
    const authorize = await start(anna)
    const requests = idAustria.requests.length
    for (const state of ['forged-state', '', authorize.searchParams.get('state')?.slice(1) ?? 'x']) {
      const back = await comeBack({ state, code: 'some-code' })
      expect(back.status).toBe(400)
      expect(back.headers.get('content-type')).toContain('text/html')
      expect(await back.text()).toContain('belongs to no identification that was started')
    }
    // In the language the app keeps in its cookie, else in the browser's.
    const german = await comeBack({ state: 'forged-state' }, { cookie: 'lang=de-ch' })
    expect(german.status).toBe(400)
    const page = await german.text()
    expect(page).toContain('<html lang="de-ch">')
    expect(page).toContain('Die Identifikation kann hier nicht fortgesetzt werden')
    const french = await comeBack({ state: 'forged-state' }, { 'accept-language': 'fr-CH,fr;q=0.9,en;q=0.8' })
    expect(await french.text()).toContain('L’identification ne peut pas se poursuivre ici')
    expect(idAustria.requests.length).toBe(requests)
    expect(await info(await read(anna))).toMatchObject({ appointmentStatus: 'initialized' })
    expect((await qualities(anna)).qes).toBeUndefined()
  })

  it('refuses an id_token of another appointment, for another client, or below level high', async () => {
    const refusals: Record<string, (authorize: URL) => Promise<string>> = {
      'another nonce': (authorize) => idToken(authorize, { nonce: 'the-nonce-of-another-appointment' }),
      'another audience': (authorize) => idToken(authorize, { aud: 'https://elsewhere.example/' }),
      'another signer': async (authorize) =>
        signJwt({ ...decode(await idToken(authorize)) }, idAustria.strangerKey),
      'level substantial': (authorize) =>
        idToken(authorize, { [levelClaim]: 'http://eidas.europa.eu/LoA/substantial' }),
      'no birth date': (authorize) => idToken(authorize, { birthdate: undefined }),
    }
    for (const [refusal, token] of Object.entries(refusals)) {
      const person = await signUp()
      const authorize = await start(person)
      answer(authorize, `code-${refusal}`, await token(authorize))
      const back = await comeBack({
        state: authorize.searchParams.get('state') ?? '',
        code: `code-${refusal}`,
      })
      expect(back.status, refusal).toBe(303)
      expect(await info(await read(person)), refusal).toMatchObject({ appointmentStatus: 'failure' })
      expect((await qualities(person)).qes, refusal).toBeUndefined()
      expect((await attributes(person)).immutableEidFields, refusal).toBeUndefined()
    }
  })

  it('leaves the appointment open while ID Austria cannot be reached, so the return can be tried again', async () => {
    const sepp = await signUp()
    const authorize = await start(sepp)
    const state = authorize.searchParams.get('state') ?? ''
    answer(authorize, 'code-of-sepp', await idToken(authorize))
    await idAustria.close()
    const down = await comeBack({ state, code: 'code-of-sepp' })
    expect(down.status).toBe(503)
    expect(await down.text()).toContain('Reload this page in a few minutes')
    expect(await info(await read(sepp))).toMatchObject({ appointmentStatus: 'initialized' })
  })
})

describe('the Austrian eID of a direct-link signer', () => {
  let idAustria: FakeProvider
  let api: RequestsClient
  let guest: DirectLink

  beforeAll(async () => {
    idAustria = await startFakeProvider()
    api = await startRequestsClient('pglite', {
      idAustria: { issuer: idAustria.issuer, clientId, clientSecret },
    })
    const owner = await api.signUp('owner@example.at')
    const seen = await api.mailIds()
    const draft = await api.create(owner, {
      title: 'Mietvertrag',
      signatures: [{ signer_identity_data: { email_address: 'gast@example.at' } }],
    })
    await uploaded(await api.upload(owner, draft.id, await makePdf([a4])))
    expect(
      (await api.call('POST', apiPaths.initiateSignatureRequest(draft.id), { token: owner })).status,
    ).toBe(200)
    const mail = await api.waitForMail('gast@example.at', /Mietvertrag/, seen)
    guest = parseLink(mail.links.find((link) => link.includes('/view/')) ?? '')
  })

  afterAll(async () => {
    await api?.server.stop()
    await idAustria?.close()
  })

  it('identifies the signature and goes back to the direct-sign page', async () => {
    const authorization = directAuthorization(guest.signatureId, guest.requestId)
    const path = apiUrl(identificationPaths.direct('austria', 'eid', guest.token))
    const started = await fetch(`${api.server.url}${path}`, { method: 'POST', headers: { authorization } })
    const authorize = new URL(v.parse(identificationInfoSchema, await readJson(started, 201)).identUrl)
    const token = await idTokenOf(idAustria, api.clock.now(), authorize, {
      given_name: 'Gustav',
      family_name: 'Gast',
      birthdate: '1970-01-02',
    })
    idAustria.answerWith(() => token)
    const back = await comeBackTo(api, {
      state: authorize.searchParams.get('state') ?? '',
      code: 'code-of-the-guest',
    })
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe(
      '/direct-sign/identification/id-austria-success?identification=returned',
    )
    const user = toCamelCase(
      await (
        await fetch(`${api.server.url}${apiUrl(apiPaths.directUser(guest.token))}`, {
          headers: { authorization },
        })
      ).json(),
    ) as DirectUser
    expect(user.attributes.signatureQualities).toEqual(
      unlockedQualities({ provider: 'austria', mode: 'eid' }),
    )
    expect(user.attributes.immutableEidFields).toEqual(['first_name', 'last_name', 'date_of_birth'])
  })
})

describe('IDnow and ID Austria configured together', () => {
  let idnow: FakeIdnow
  let idAustria: FakeProvider
  let api: AccountsClient
  let admin: string

  beforeAll(async () => {
    idnow = await startFakeIdnow({ 'acme-zv': 'key-zv' })
    idAustria = await startFakeProvider()
    api = await startAccountsClient('pglite', {
      idnow: {
        gatewayUrl: idnow.url,
        goUrl: 'https://go.idnow.test',
        companies: { zertes_video: { companyId: 'acme-zv', apiKey: 'key-zv' } },
      },
      idAustria: { issuer: idAustria.issuer, clientId, clientSecret },
    })
    admin = await api.signUp('admin@both.example')
    // The business covers its admin's identifications, so no licence is bought first.
    await openBusiness(api, admin, 'Both AG')
  })

  afterAll(async () => {
    await api?.server.stop()
    await idnow?.close()
    await idAustria?.close()
  })

  const start = async (provider: string, mode: string) =>
    new URL(
      v.parse(
        identificationInfoSchema,
        await readJson(
          await api.call('POST', identificationPaths.user(provider, mode), { token: admin }),
          201,
        ),
      ).identUrl,
    )

  it('each serves its methods, the sandbox the rest, and each webhook reaches its own provider', async () => {
    expect((await start('zertes', 'video')).origin).toBe('https://go.idnow.test')
    expect(`${(await start('austria', 'eid')).origin}`).toBe(idAustria.issuer)
    // Outside production the sandbox identifies by what no real provider is configured for.
    const sandbox = await start('eidas', 'robo')
    expect(sandbox.pathname).toMatch(/\/api\/sandbox\/identification\/sbx_/)

    const transaction = [...idnow.identifications.values()].at(-1)?.transactionNumber ?? ''
    idnow.finish(transaction, 'SUCCESS', { firstname: { value: 'Ada' }, lastname: { value: 'Admin' } })
    const webhook = await fetch(`${api.server.url}${apiUrl(identificationPaths.webhook('zertes'))}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: idnow.webhookBody(transaction),
    })
    expect(await readJson(webhook)).toEqual({ received: true, applied: true })

    const page = await fetch(`${api.server.url}${sandbox.pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'complete', first_name: 'Ada', last_name: 'Admin' }),
    })
    expect(page.status).toBe(303)
    for (const [provider, mode] of [
      ['zertes', 'video'],
      ['eidas', 'robo'],
    ] as const) {
      const read = await api.call('GET', identificationPaths.user(provider, mode), { token: admin })
      expect(v.parse(identificationInfoSchema, await readJson(read)).appointmentStatus).toBe('success')
    }
  })
})

describe('identification providers in production', () => {
  const services = (
    configured: Pick<Parameters<typeof createIdentificationServices>[0], 'idnow' | 'idAustria'>,
  ) =>
    createIdentificationServices({
      db: undefined as never,
      now: () => new Date(),
      publicUrl: 'https://signet.example',
      production: true,
      logger: pino({ level: 'silent' }),
      ...configured,
    })
  const idnow = {
    gatewayUrl: 'https://gateway.idnow.test',
    goUrl: 'https://go.idnow.test',
    companies: { zertes_video: { companyId: 'acme-zv', apiKey: 'key-zv' } },
  }
  const idAustria = { issuer: 'https://eid.example.at', clientId, clientSecret }

  it('answers 503 naming a method no configured provider runs, and runs each configured one', () => {
    const unavailable = (
      configured: Parameters<typeof services>[0],
      provider: 'austria' | 'zertes',
      mode: 'eid' | 'video',
    ) => {
      const call = () => requireProvider(services(configured), { provider, mode })
      expect(call).toThrow(expect.objectContaining({ status: 503, code: 'server.unavailable' }))
      expect(call).toThrow(`'${mode}' under '${provider}'`)
    }
    unavailable({ idnow }, 'austria', 'eid')
    unavailable({ idAustria }, 'zertes', 'video')
    const both = services({ idnow, idAustria })
    expect(both.sandbox).toBeNull()
    expect(requireProvider(both, { provider: 'austria', mode: 'eid' }).offers('austria', 'eid')).toBe(true)
    expect(requireProvider(both, { provider: 'zertes', mode: 'video' }).offers('zertes', 'video')).toBe(true)
    expect(() => requireProvider(both, { provider: 'eidas', mode: 'robo' })).toThrow("'robo' under 'eidas'")
  })
})

/** The browser coming back from ID Austria to the server of `api` with `query`. */
function comeBackTo(
  api: AccountsClient,
  query: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(
    `${api.server.url}${apiUrl(identificationPaths.idAustriaCallback)}?${new URLSearchParams(query)}`,
    { redirect: 'manual', headers },
  )
}

/** The id_token `idAustria` issues at `at` for the authorization request `authorize`, with `claims` changed. */
function idTokenOf(idAustria: FakeProvider, at: Date, authorize: URL, claims: Record<string, unknown> = {}) {
  const now = Math.floor(at.getTime() / 1000)
  return signJwt(
    {
      iss: idAustria.issuer,
      sub: 'transient-subject',
      aud: clientId,
      iat: now,
      exp: now + 300,
      nonce: authorize.searchParams.get('nonce'),
      given_name: 'Maria',
      family_name: 'Muster',
      birthdate: '1985-04-12',
      'urn:pvpgvat:oidc.bpk': 'GH:abcdefghijklmnopqrstuvwxyz0=',
      [levelClaim]: eidasHigh,
      ...claims,
    },
    idAustria.key,
  )
}

/** The claims of a compact JWT. */
function decode(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'))
}
