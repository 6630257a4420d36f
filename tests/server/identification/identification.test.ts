import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  identificationInfoSchema,
  identificationPaths,
  identificationPaymentSchema,
} from '../../../contract/identification.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { signWebhook } from '../../../server/http/webhook-signature.ts'
import { startIdentification } from '../../../server/identification/start-identification.ts'
import { signatureHeader } from '../../../server/providers/identification/webhook-signature.ts'
import { type AccountsClient, readJson, startAccountsClient } from '../accounts/accounts-client.ts'
import { openBusiness } from '../businesses/business-client.ts'
import { featureDrivers } from '../test-database.ts'
import { buyLicence } from './buy-licence.ts'
import { readAttributes, readQualities } from './read-identity.ts'

const secret = 'identification-sandbox-secret-of-the-tests-0123456789'

describe.each(featureDrivers)('identification on %s', (driver) => {
  let api: AccountsClient
  let alice: string
  let bob: string
  let admin: string

  beforeAll(async () => {
    api = await startAccountsClient(driver, { identificationSandboxSecret: secret })
    alice = await api.signUp('alice@example.com')
    bob = await api.signUp('bob@example.com')
    admin = await api.signUp('admin@acme.example')
    await openBusiness(api, admin, 'Acme AG')
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const info = async (response: Response, status = 200) =>
    v.parse(identificationInfoSchema, await readJson(response, status))
  const start = (token: string | undefined, provider = 'zertes', mode = 'video') =>
    api.call('POST', identificationPaths.user(provider, mode), { token })
  const read = (token: string | undefined, provider = 'zertes', mode = 'video') =>
    api.call('GET', identificationPaths.user(provider, mode), { token })
  const qualities = (token: string) => readQualities(api, token)
  const attributes = (token: string) => readAttributes(api, token)
  /** The sandbox page of `identUrl`, as the browser opens it on our server. */
  const pageOf = (identUrl: string) => `${api.server.url}${new URL(identUrl).pathname}`
  /** Submits the sandbox page with `outcome`, as its buttons do; answers the redirect. */
  const submit = (identUrl: string, outcome: string, fields: Record<string, string> = {}) =>
    fetch(pageOf(identUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome, ...fields }),
    })
  /** A webhook as the sandbox provider signs it, sent at `at`. */
  const webhook = (
    event: { id: string; ref: string; status: string; result: Record<string, string> | null },
    options: { at?: Date; key?: string; provider?: string } = {},
  ) => {
    const body = JSON.stringify(event)
    return fetch(`${api.server.url}${apiUrl(identificationPaths.webhook(options.provider ?? 'zertes'))}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [signatureHeader]: signWebhook(options.key ?? secret, body, options.at ?? api.clock.now()),
      },
      body,
    })
  }
  const refOf = (identUrl: string) => decodeURIComponent(new URL(identUrl).pathname.split('/').pop() ?? '')

  it('refuses signed-out callers', async () => {
    await api.expectError(await read(undefined), 401, 'auth.unauthenticated')
    await api.expectError(await start(undefined), 401, 'auth.unauthenticated')
    await api.expectError(
      await api.call('DELETE', identificationPaths.user('zertes', 'video')),
      401,
      'auth.unauthenticated',
    )
    await api.expectError(
      await api.call('GET', identificationPaths.payment('zertes')),
      401,
      'auth.unauthenticated',
    )
    await api.expectError(
      await api.call('GET', identificationPaths.direct('zertes', 'video', 'nope')),
      401,
      'direct.invalid_token',
    )
  })

  it('answers 404 naming an unknown provider or mode, and methods the table does not offer', async () => {
    const unknownProvider = await start(alice, 'swisscom', 'video')
    expect(unknownProvider.status).toBe(404)
    expect((await unknownProvider.json()).message).toContain("'swisscom'")
    const unknownMode = await start(alice, 'zertes', 'telepathy')
    expect(unknownMode.status).toBe(404)
    expect((await unknownMode.json()).message).toContain("'telepathy'")
    await api.expectError(await start(alice, 'zertes', 'robo'), 404, 'identification.not_found')
    await api.expectError(await start(alice, 'eidas', 'autoident'), 404, 'identification.not_found')
    await api.expectError(await read(alice, 'eidas', 'robo'), 404, 'identification.not_found')
  })

  it('runs a zertes video identification through the sandbox page and unlocks qualified zertes', async () => {
    expect((await qualities(alice)).qes).toBeUndefined()
    // SPEC §2: no business covers Alice, so video is hers once she has paid for a licence.
    await api.expectError(await start(alice), 402, 'identification.payment_required')
    await buyLicence(api.server.url, { token: alice }, 'zertes')
    const started = await info(await start(alice), 201)
    expect(started).toMatchObject({ appointmentStatus: 'initialized', isCovered: true })
    // A second click answers the open appointment instead of starting another.
    expect(await info(await start(alice))).toEqual(started)
    // Another user sees no appointment of Alice's.
    await api.expectError(await read(bob), 404, 'identification.not_found')

    const page = await fetch(pageOf(started.identUrl))
    expect(page.status).toBe(200)
    const html = await page.text()
    for (const button of ['Complete', 'Fail', 'Abandon']) expect(html).toContain(`>${button}</button>`)

    const done = await submit(started.identUrl, 'complete', {
      first_name: 'Alice',
      last_name: 'Liddell',
      date_of_birth: '1990-05-04',
      nationality: 'CH',
      document_number: 'C1234567',
    })
    expect(done.status).toBe(303)
    // Back to the flow route it was started from, which polls the outcome.
    expect(done.headers.get('location')).toBe(
      '/profile/signature-standards/zertes/video?identification=returned',
    )

    expect(await info(await read(alice))).toMatchObject({ appointmentStatus: 'success' })
    const after = await qualities(alice)
    expect(after.aes).toBeDefined()
    expect(after.qes).toHaveProperty('zertes')
    expect(after.qes).not.toHaveProperty('eidas')
    expect((await attributes(alice)).immutableEidFields?.sort()).toEqual(
      ['date_of_birth', 'document_number', 'first_name', 'last_name', 'nationality'].sort(),
    )
    // Identifying unlocks the standards without making one the default: Alice signs simply until she chooses.
    expect(after.signingQuality).toBe('ses')
    expect((await attributes(alice)).defaultQuality).toBeUndefined()
    const choose = await api.call('PUT', apiPaths.user(), {
      token: alice,
      body: { attributes: { default_quality: ['qes'] } },
    })
    expect(choose.status).toBe(200)
    expect((await qualities(alice)).signingQuality).toBe('qes')
    // The finished appointment's page is gone.
    expect((await fetch(pageOf(started.identUrl))).status).toBe(404)
    // Bob's qualities did not move.
    expect((await qualities(bob)).aes).toBeUndefined()
  })

  it('leaves the qualities as they were when the identification fails', async () => {
    await buyLicence(api.server.url, { token: bob }, 'eidas')
    const started = await info(await start(bob, 'eidas', 'video'), 201)
    const failed = await submit(started.identUrl, 'fail')
    expect(failed.status).toBe(303)
    expect(failed.headers.get('location')).toBe(
      '/profile/signature-standards/eidas/video?identification=returned',
    )
    expect(await info(await read(bob, 'eidas', 'video'))).toMatchObject({ appointmentStatus: 'failure' })
    const after = await qualities(bob)
    expect(after.aes).toBeUndefined()
    expect(after.qes).toBeUndefined()
    expect((await attributes(bob)).signatureQualities).toBeUndefined()
  })

  it('refuses a signature_request_id that is malformed or not a request of the caller', async () => {
    const body = (value: unknown) =>
      api.call('POST', identificationPaths.user('eidas', 'video'), {
        token: alice,
        body: { signature_request_id: value },
      })
    await api.expectError(await body('nope'), 400, 'request.invalid', 'signature_request_id')
    await api.expectError(
      await body('0b7c2d4e-8f61-4a2b-9c3d-5e6f7a8b9c0d'),
      404,
      'signature_request.not_found',
      'signature_request_id',
    )
  })

  it('self identification unlocks advanced only', async () => {
    const carol = await api.signUp('carol@example.com')
    await buyLicence(api.server.url, { token: carol }, 'eidas')
    const started = await info(await start(carol, 'eidas', 'robo'), 201)
    expect((await submit(started.identUrl, 'complete', { first_name: 'Carol' })).status).toBe(303)
    const after = await qualities(carol)
    expect(after.aes).toBeDefined()
    expect(after.qes).toBeUndefined()
    expect((await attributes(carol)).immutableEidFields).toEqual(['first_name'])
  })

  it('cancels the open appointment, after which none is current', async () => {
    const dave = await api.signUp('dave@example.com')
    await api.expectError(
      await api.call('DELETE', identificationPaths.user('zertes', 'autoident'), { token: dave }),
      404,
      'identification.not_found',
    )
    await buyLicence(api.server.url, { token: dave }, 'zertes')
    const started = await info(await start(dave, 'zertes', 'autoident'), 201)
    await api.expectError(
      await api.call('DELETE', identificationPaths.user('zertes', 'autoident'), { token: bob }),
      404,
      'identification.not_found',
    )
    const cancelled = await api.call('DELETE', identificationPaths.user('zertes', 'autoident'), {
      token: dave,
    })
    expect(cancelled.status).toBe(204)
    await api.expectError(await read(dave, 'zertes', 'autoident'), 404, 'identification.not_found')
    expect((await fetch(pageOf(started.identUrl))).status).toBe(404)
    // A new start is a new appointment.
    const again = await info(await start(dave, 'zertes', 'autoident'), 201)
    expect(again.identUrl).not.toBe(started.identUrl)
  })

  it('answers no appointment once the latest is cancelled, not an earlier one that ended', async () => {
    const fay = await api.signUp('fay@example.com')
    await buyLicence(api.server.url, { token: fay }, 'eidas')
    const first = await info(await start(fay, 'eidas', 'video'), 201)
    expect((await submit(first.identUrl, 'fail')).status).toBe(303)
    expect(await info(await read(fay, 'eidas', 'video'))).toMatchObject({ appointmentStatus: 'failure' })
    api.clock.advance(60_000)
    const second = await info(await start(fay, 'eidas', 'video'), 201)
    expect(second.identUrl).not.toBe(first.identUrl)
    api.clock.advance(60_000)
    const cancelled = await api.call('DELETE', identificationPaths.user('eidas', 'video'), { token: fay })
    expect(cancelled.status).toBe(204)
    await api.expectError(await read(fay, 'eidas', 'video'), 404, 'identification.not_found')
  })

  it('refuses webhooks with a bad signature or a stale or future timestamp, and applies each event once', async () => {
    const erin = await api.signUp('erin@example.com')
    await buyLicence(api.server.url, { token: erin }, 'zertes')
    const started = await info(await start(erin), 201)
    const ref = refOf(started.identUrl)
    const success = { id: 'evt_erin_1', ref, status: 'success', result: { first_name: 'Erin' } }

    await api.expectError(
      await webhook(success, { key: 'another-key-that-is-not-the-sandbox-secret' }),
      400,
      'identification.webhook_invalid',
    )
    await api.expectError(
      await webhook(success, { at: new Date(api.clock.now().getTime() - 10 * 60_000) }),
      400,
      'identification.webhook_invalid',
    )
    await api.expectError(
      await webhook(success, { at: new Date(api.clock.now().getTime() + 60 * 60_000) }),
      400,
      'identification.webhook_invalid',
    )
    const unsigned = await fetch(`${api.server.url}${apiUrl(identificationPaths.webhook('zertes'))}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(success),
    })
    await api.expectError(unsigned, 400, 'identification.webhook_invalid')
    expect(await info(await read(erin))).toMatchObject({ appointmentStatus: 'initialized' })

    expect(
      await readJson(await webhook({ id: 'evt_erin_0', ref, status: 'inprogress', result: null })),
    ).toEqual({ received: true, applied: true })
    expect(await info(await read(erin))).toMatchObject({ appointmentStatus: 'inprogress' })
    expect(await readJson(await webhook(success))).toEqual({ received: true, applied: true })
    expect((await qualities(erin)).qes).toHaveProperty('zertes')

    // The same event again changes nothing, even with other content.
    expect(
      await readJson(await webhook({ ...success, status: 'failure', result: { first_name: 'Mallory' } })),
    ).toEqual({ received: true, applied: false })
    expect(await info(await read(erin))).toMatchObject({ appointmentStatus: 'success' })
    expect((await attributes(erin)).immutableEidFields).toEqual(['first_name'])
    // A later event of a finished appointment changes nothing either.
    expect(await readJson(await webhook({ id: 'evt_erin_2', ref, status: 'failure', result: null }))).toEqual(
      { received: true, applied: false },
    )
    expect(await info(await read(erin))).toMatchObject({ appointmentStatus: 'success' })

    await api.expectError(
      await webhook({ id: 'evt_x', ref: 'sbx_unknown', status: 'success', result: null }),
      404,
      'identification.not_found',
    )
    await api.expectError(await webhook(success, { provider: 'swisscom' }), 404, 'identification.not_found')
  })

  it('lets one licence pay for one identification at a time: another method started meanwhile takes it over', async () => {
    const gina = await api.signUp('gina@example.com')
    await buyLicence(api.server.url, { token: gina }, 'zertes')
    const video = await info(await start(gina, 'zertes', 'video'), 201)
    expect(await info(await start(gina, 'zertes', 'video'))).toEqual(video)
    const coverage = async () =>
      v.parse(
        identificationPaymentSchema,
        await readJson(await api.call('GET', identificationPaths.payment('zertes'), { token: gina })),
      )
    // The video identification is left unfinished; the licence still covers another method, not a second one.
    expect((await coverage()).covered).toBe(true)
    const auto = await info(await start(gina, 'zertes', 'autoident'), 201)
    expect(auto.isCovered).toBe(true)
    // The video one is given up: it cannot be finished at the provider any more.
    expect((await submit(video.identUrl, 'complete', { first_name: 'Gina' })).status).toBe(404)
    expect((await qualities(gina)).qes?.zertes).toBeUndefined()
    // Auto identification fails: the licence is free again, and pays for a new video identification, which
    // succeeds and uses it.
    expect((await submit(auto.identUrl, 'fail')).status).toBe(303)
    const again = await info(await start(gina, 'zertes', 'video'), 201)
    expect(again.identUrl).not.toBe(video.identUrl)
    expect((await submit(again.identUrl, 'complete', { first_name: 'Gina' })).status).toBe(303)
    expect((await qualities(gina)).qes).toHaveProperty('zertes')
    expect((await coverage()).covered).toBe(false)
    await api.expectError(await start(gina, 'zertes', 'autoident'), 402, 'identification.payment_required')
  })

  it('lets one of two methods started at the same moment in two tabs go on, on one licence', async () => {
    const hugo = await api.signUp('hugo@example.com')
    await buyLicence(api.server.url, { token: hugo }, 'eidas')
    const answers = await Promise.all([start(hugo, 'eidas', 'video'), start(hugo, 'eidas', 'robo')])
    // Whichever order the server took them in, one appointment holds the licence and the other is given up.
    const started = await Promise.all(
      answers.filter((answer) => answer.status === 201).map((answer) => info(answer, 201)),
    )
    const refused = answers.filter((answer) => answer.status !== 201)
    for (const answer of refused) await api.expectError(answer, 402, 'identification.payment_required')
    const outcomes = await Promise.all(
      started.map(async (one) => (await submit(one.identUrl, 'fail')).status),
    )
    expect(outcomes.filter((status) => status === 303)).toHaveLength(1)
  })

  it('answers covered for a member of a business in good standing, else the licence price', async () => {
    expect(
      v.parse(
        identificationPaymentSchema,
        await readJson(await api.call('GET', identificationPaths.payment('zertes'), { token: admin })),
      ),
    ).toEqual({ covered: true, amount: null, currency: null, coveredBy: 'business', processing: false })
    const frank = await api.signUp('frank@example.com')
    expect(
      v.parse(
        identificationPaymentSchema,
        await readJson(await api.call('GET', identificationPaths.payment('eidas'), { token: frank })),
      ),
    ).toEqual({ covered: false, amount: 4900, currency: 'EUR', coveredBy: null, processing: false })
    expect(await info(await start(admin), 201)).toMatchObject({ isCovered: true })
    await api.expectError(
      await api.call('GET', identificationPaths.payment('mars'), { token: bob }),
      404,
      'identification.not_found',
    )
  })
})

describe('identification in production without a provider', () => {
  let api: AccountsClient

  beforeAll(async () => {
    api = await startAccountsClient('pglite', { appMode: 'production' })
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  it('serves no sandbox page and takes no webhooks', async () => {
    const page = await fetch(`${api.server.url}${apiUrl(identificationPaths.sandboxPage('sbx_x'))}`)
    expect(page.status).toBe(404)
    const hook = await fetch(`${api.server.url}${apiUrl(identificationPaths.webhook('zertes'))}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    await api.expectError(hook, 404, 'route.not_found')
  })

  it('answers 503 to starting an identification', async () => {
    const services = {
      provider: null,
      sandbox: null,
      idAustria: null,
      charges: null,
      publicUrl: '',
      now: () => new Date(),
    }
    const starting = startIdentification(
      { ...services, db: undefined as never },
      { kind: 'user', userId: 'u' },
      { provider: 'zertes', mode: 'video' },
    )
    await expect(starting).rejects.toMatchObject({ status: 503, code: 'server.unavailable' })
  })
})
