import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identificationInfoSchema, identificationPaths } from '../../../contract/identification.ts'
import { apiUrl } from '../../../contract/paths.ts'
import { type AccountsClient, readJson, startAccountsClient } from '../accounts/accounts-client.ts'
import { openBusiness } from '../businesses/business-client.ts'
import { type FakeIdnow, startFakeIdnow } from '../providers/fake-idnow.ts'
import { readAttributes, readQualities } from './read-identity.ts'

const goUrl = 'https://go.idnow.test'

describe('identification through IDnow', () => {
  let fake: FakeIdnow
  let api: AccountsClient
  let admin: string

  beforeAll(async () => {
    fake = await startFakeIdnow({ 'acme-zv': 'key-zv', 'acme-ev': 'key-ev', 'acme-er': 'key-er' })
    api = await startAccountsClient('pglite', {
      idnow: {
        gatewayUrl: fake.url,
        goUrl,
        companies: {
          zertes_video: { companyId: 'acme-zv', apiKey: 'key-zv' },
          eidas_video: { companyId: 'acme-ev', apiKey: 'key-ev' },
          eidas_robo: { companyId: 'acme-er', apiKey: 'key-er' },
        },
      },
    })
    // The business covers its admin's identifications, so no licence is bought first.
    admin = await api.signUp('admin@acme.example')
    await openBusiness(api, admin, 'Acme AG')
  })

  afterAll(async () => {
    await api?.server.stop()
    await fake?.close()
  })

  const info = async (response: Response, status = 200) =>
    v.parse(identificationInfoSchema, await readJson(response, status))
  const start = (provider: string, mode: string) =>
    api.call('POST', identificationPaths.user(provider, mode), { token: admin })
  const read = (provider: string, mode: string) =>
    api.call('GET', identificationPaths.user(provider, mode), { token: admin })
  const qualities = () => readQualities(api, admin)
  const attributes = () => readAttributes(api, admin)
  /** IDnow calling the webhook URL its company is set up with. */
  const webhook = (provider: string, body: string) =>
    fetch(`${api.server.url}${apiUrl(identificationPaths.webhook(provider))}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
  /** The transaction of the identification IDnow started last. */
  const lastTransaction = () => [...fake.identifications.values()].at(-1)?.transactionNumber ?? ''

  it('leaves the methods without an IDnow company, and the Austrian eID, to the sandbox outside production', async () => {
    for (const [provider, mode] of [
      ['zertes', 'autoident'],
      ['austria', 'eid'],
    ] as const) {
      const started = await info(await start(provider, mode), 201)
      expect(new URL(started.identUrl).pathname).toMatch(/^\/api\/sandbox\/identification\/sbx_/)
    }
    expect(fake.identifications.size).toBe(0)
  })

  it('runs a zertes video identification: IDnow reports it by webhook, checked at its API, applied once', async () => {
    const started = await info(await start('zertes', 'video'), 201)
    const transaction = lastTransaction()
    const identification = fake.identifications.get(`acme-zv/${transaction}`)
    expect(started).toEqual({
      appointmentStatus: 'initialized',
      identUrl: `${goUrl}/acme-zv/identifications/${identification?.id}`,
      isCovered: true,
    })
    expect(identification?.person).toMatchObject({ email: 'admin@acme.example' })

    // A forged webhook claiming success for the real transaction gets what IDnow says: still in progress.
    const forged = JSON.stringify({
      identificationprocess: { companyid: 'acme-zv', transactionnumber: transaction, result: 'SUCCESS' },
      userdata: { firstname: { value: 'Mallory' } },
    })
    expect(await readJson(await webhook('zertes', forged))).toEqual({ received: true, applied: true })
    expect(await info(await read('zertes', 'video'))).toMatchObject({ appointmentStatus: 'inprogress' })
    expect((await qualities()).qes).toBeUndefined()

    // One naming a transaction IDnow does not know, or a company not ours, changes nothing.
    const unknown = JSON.stringify({
      identificationprocess: { companyid: 'acme-zv', transactionnumber: 'made-up', result: 'SUCCESS' },
    })
    await api.expectError(await webhook('zertes', unknown), 400, 'identification.webhook_invalid')
    const stranger = JSON.stringify({
      identificationprocess: { companyid: 'evil-co', transactionnumber: transaction, result: 'SUCCESS' },
    })
    await api.expectError(await webhook('zertes', stranger), 400, 'identification.webhook_invalid')

    fake.finish(
      transaction,
      'SUCCESS',
      {
        firstname: { value: 'Ada' },
        lastname: { value: 'Admin' },
        birthday: { value: '1980-02-29' },
        nationality: { value: 'CH' },
      },
      'X7654321',
    )
    // IDnow down when the webhook is checked: 503, so IDnow delivers it again; nothing is applied meanwhile.
    fake.down = true
    await api.expectError(await webhook('zertes', fake.webhookBody(transaction)), 503, 'server.unavailable')
    fake.down = false
    expect(await info(await read('zertes', 'video'))).toMatchObject({ appointmentStatus: 'inprogress' })
    expect((await qualities()).qes).toBeUndefined()

    expect(await readJson(await webhook('zertes', fake.webhookBody(transaction)))).toEqual({
      received: true,
      applied: true,
    })
    expect(await info(await read('zertes', 'video'))).toMatchObject({ appointmentStatus: 'success' })
    expect(Object.keys((await qualities()).qes ?? {})).toEqual(['zertes'])
    expect((await attributes()).immutableEidFields).toEqual([
      'first_name',
      'last_name',
      'date_of_birth',
      'nationality',
      'document_number',
    ])
    // IDnow delivering it once more (or on the other legislation's URL) changes nothing.
    expect(await readJson(await webhook('zertes', fake.webhookBody(transaction)))).toEqual({
      received: true,
      applied: false,
    })
    await api.expectError(
      await webhook('eidas', fake.webhookBody(transaction)),
      404,
      'identification.not_found',
    )
  })

  it('ends an eidas video identification IDnow confirms as fraud as failed, unlocking nothing', async () => {
    await info(await start('eidas', 'video'), 201)
    const transaction = lastTransaction()
    fake.finish(transaction, 'FRAUD_SUSPICION_CONFIRMED', { firstname: { value: 'Ada' } })
    expect(await readJson(await webhook('eidas', fake.webhookBody(transaction)))).toMatchObject({
      applied: true,
    })
    expect(await info(await read('eidas', 'video'))).toMatchObject({ appointmentStatus: 'failure' })
    expect(Object.keys((await qualities()).qes ?? {})).toEqual(['zertes'])
  })

  it('gives up an eidas self identification the user aborted at IDnow, so a new one starts', async () => {
    const first = await info(await start('eidas', 'robo'), 201)
    const transaction = lastTransaction()
    fake.finish(transaction, 'ABORTED')
    expect(await readJson(await webhook('eidas', fake.webhookBody(transaction)))).toMatchObject({
      applied: true,
    })
    const again = await info(await start('eidas', 'robo'), 201)
    expect(again.appointmentStatus).toBe('initialized')
    expect(again.identUrl).not.toBe(first.identUrl)
    expect(lastTransaction()).not.toBe(transaction)
  })
})

describe('identification through IDnow in production', () => {
  let fake: FakeIdnow
  let api: AccountsClient

  beforeAll(async () => {
    fake = await startFakeIdnow({ 'acme-zv': 'key-zv' })
    api = await startAccountsClient('pglite', {
      appMode: 'production',
      idnow: {
        gatewayUrl: fake.url,
        goUrl,
        companies: { zertes_video: { companyId: 'acme-zv', apiKey: 'key-zv' } },
      },
    })
  })

  afterAll(async () => {
    await api?.server.stop()
    await fake?.close()
  })

  it("takes IDnow's webhooks, checking each at IDnow, and serves no sandbox page", async () => {
    const page = await fetch(`${api.server.url}${apiUrl(identificationPaths.sandboxPage('sbx_x'))}`)
    expect(page.status).toBe(404)
    const forged = await fetch(`${api.server.url}${apiUrl(identificationPaths.webhook('zertes'))}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        identificationprocess: { companyid: 'acme-zv', transactionnumber: 'made-up', result: 'SUCCESS' },
      }),
    })
    await api.expectError(forged, 400, 'identification.webhook_invalid')
    expect(fake.calls).toContain('GET /api/v1/acme-zv/identifications/made-up')
  })
})
