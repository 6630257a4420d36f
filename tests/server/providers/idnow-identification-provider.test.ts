import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ProviderUnavailable,
  WebhookRejected,
} from '../../../server/providers/identification/identification-provider.ts'
import { createIdnowIdentificationProvider } from '../../../server/providers/identification/idnow-identification-provider.ts'
import { type FakeIdnow, startFakeIdnow } from './fake-idnow.ts'

const goUrl = 'https://go.idnow.test'
const person = { firstName: 'Erika', lastName: 'Muster', email: 'erika@example.com' }
const now = new Date('2026-03-01T08:00:00Z')

let fake: FakeIdnow
let idnow: ReturnType<typeof createIdnowIdentificationProvider>

beforeAll(async () => {
  fake = await startFakeIdnow({ 'zertes-video': 'key-zv', 'eidas-robo': 'key-er' })
  idnow = createIdnowIdentificationProvider({
    gatewayUrl: fake.url,
    goUrl,
    companies: {
      zertes_video: { companyId: 'zertes-video', apiKey: 'key-zv' },
      eidas_robo: { companyId: 'eidas-robo', apiKey: 'key-er' },
    },
  })
})
afterAll(() => fake.close())

const logins = () => fake.calls.filter((call) => call.endsWith('/login'))
const headers = new Headers({ 'content-type': 'application/json' })

describe('IDnow identification provider (against a fake Gateway API)', () => {
  it('offers the methods whose company is configured, and never the Austrian eID', () => {
    expect(idnow.offers('zertes', 'video')).toBe(true)
    expect(idnow.offers('eidas', 'robo')).toBe(true)
    expect(idnow.offers('eidas', 'video')).toBe(false)
    expect(idnow.offers('zertes', 'autoident')).toBe(false)
    expect(idnow.offers('austria', 'eid')).toBe(false)
  })

  it('starts an identification in the company of its method; the user goes to the go host', async () => {
    const before = logins().length
    const started = await idnow.start({ provider: 'zertes', mode: 'video', person })
    const identification = fake.identifications.get(`zertes-video/${started.providerRef}`)
    expect(identification?.person).toEqual({
      firstname: 'Erika',
      lastname: 'Muster',
      email: 'erika@example.com',
    })
    expect(started.identUrl).toBe(`${goUrl}/zertes-video/identifications/${identification?.id}`)
    const robo = await idnow.start({ provider: 'eidas', mode: 'robo', person: { ...person, lastName: null } })
    expect(fake.identifications.get(`eidas-robo/${robo.providerRef}`)?.person).toEqual({
      firstname: 'Erika',
      email: 'erika@example.com',
    })
    expect(robo.providerRef).not.toBe(started.providerRef)
    // One login per company, whose token the next calls reuse.
    await idnow.start({ provider: 'zertes', mode: 'video', person })
    expect(logins().slice(before)).toEqual([
      'POST /api/v1/zertes-video/login',
      'POST /api/v1/eidas-robo/login',
    ])
  })

  it('logs in again when IDnow refuses the token, and goes on with the new one', async () => {
    await idnow.start({ provider: 'zertes', mode: 'video', person })
    const before = logins().length
    fake.expireTokens()
    const started = await idnow.start({ provider: 'zertes', mode: 'video', person })
    expect(started.identUrl).toMatch(`${goUrl}/zertes-video/identifications/`)
    await idnow.start({ provider: 'zertes', mode: 'video', person })
    expect(logins().slice(before)).toEqual(['POST /api/v1/zertes-video/login'])
  })

  it('reads a webhook by fetching the identification it names: the result and the established data', async () => {
    const { providerRef } = await idnow.start({ provider: 'zertes', mode: 'video', person })
    // Before the result, IDnow's answer is the appointment still in progress, whatever the webhook claims.
    const claimed = JSON.stringify({
      identificationprocess: { companyid: 'zertes-video', transactionnumber: providerRef, result: 'SUCCESS' },
      userdata: { firstname: { value: 'Mallory' } },
    })
    expect(await idnow.verifyWebhook(claimed, headers, now)).toEqual({
      eventId: `idnow:${providerRef}:inprogress`,
      providerRef,
      status: 'inprogress',
      result: null,
    })
    fake.finish(
      providerRef,
      'SUCCESS_DATA_CHANGED',
      {
        firstname: { value: 'Erika' },
        lastname: { value: 'Mustermann' },
        birthday: { value: '1985-04-12' },
        nationality: { value: 'CH' },
        title: { value: '' },
      },
      'C1234567',
    )
    expect(await idnow.verifyWebhook(fake.webhookBody(providerRef), headers, now)).toEqual({
      eventId: `idnow:${providerRef}:success`,
      providerRef,
      status: 'success',
      result: {
        first_name: 'Erika',
        last_name: 'Mustermann',
        date_of_birth: '1985-04-12',
        nationality: 'CH',
        document_number: 'C1234567',
      },
    })
  })

  it.each([
    ['SUCCESS', 'success'],
    ['FRAUD_SUSPICION_CONFIRMED', 'failure'],
    ['ABORTED', 'cancelled'],
    ['CANCELED', 'cancelled'],
    ['REVIEW_PENDING', 'inprogress'],
    ['FRAUD_SUSPICION_PENDING', 'inprogress'],
  ])('reports IDnow result %s as %s', async (result, status) => {
    const { providerRef } = await idnow.start({ provider: 'eidas', mode: 'robo', person })
    fake.finish(providerRef, result, { firstname: { value: 'Erika' } })
    const event = await idnow.verifyWebhook(fake.webhookBody(providerRef), headers, now)
    expect(event).toMatchObject({ providerRef, status })
    expect(event.result).toEqual(status === 'success' ? { first_name: 'Erika' } : null)
  })

  it('rejects webhooks naming an identification IDnow does not know, or a company not configured here', async () => {
    const forged = (companyid: string, transactionnumber: string) =>
      idnow.verifyWebhook(
        JSON.stringify({ identificationprocess: { companyid, transactionnumber, result: 'SUCCESS' } }),
        headers,
        now,
      )
    await expect(forged('zertes-video', 'made-up-transaction')).rejects.toThrow(WebhookRejected)
    await expect(forged('zertes-video', 'made-up-transaction')).rejects.toThrow("'made-up-transaction'")
    await expect(forged('another-company', 'made-up-transaction')).rejects.toThrow("'another-company'")
    await expect(idnow.verifyWebhook('not json', headers, now)).rejects.toThrow(WebhookRejected)
    await expect(idnow.verifyWebhook('{"result":"SUCCESS"}', headers, now)).rejects.toThrow(WebhookRejected)
  })

  it('reports IDnow down as unavailable, so the webhook is delivered again', async () => {
    const { providerRef } = await idnow.start({ provider: 'zertes', mode: 'video', person })
    fake.finish(providerRef, 'SUCCESS')
    fake.down = true
    try {
      await expect(idnow.verifyWebhook(fake.webhookBody(providerRef), headers, now)).rejects.toThrow(
        ProviderUnavailable,
      )
      await expect(idnow.start({ provider: 'zertes', mode: 'video', person })).rejects.toThrow(
        ProviderUnavailable,
      )
    } finally {
      fake.down = false
    }
    expect(await idnow.verifyWebhook(fake.webhookBody(providerRef), headers, now)).toMatchObject({
      status: 'success',
    })
  })

  it('reports an unreachable IDnow as unavailable', async () => {
    const closed = await startFakeIdnow({ 'zertes-video': 'key-zv' })
    await closed.close()
    const unreachable = createIdnowIdentificationProvider({
      gatewayUrl: closed.url,
      goUrl,
      companies: { zertes_video: { companyId: 'zertes-video', apiKey: 'key-zv' } },
    })
    await expect(unreachable.start({ provider: 'zertes', mode: 'video', person })).rejects.toThrow(
      ProviderUnavailable,
    )
  })
})
