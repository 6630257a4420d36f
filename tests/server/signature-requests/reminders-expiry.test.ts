import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { healthResponseSchema } from '../../../contract/health.ts'
import { outboxListSchema } from '../../../contract/outbox.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { SignatureRequestEventList, SignatureRequestView } from '../../../contract/signature-requests.ts'
import { tokenAnswerSchema } from '../../../contract/user.ts'
import { a4, makePdf } from '../../fixtures/make-fixtures.ts'
import { goodPassword } from '../accounts/accounts-client.ts'
import { featureDrivers } from '../test-database.ts'
import { answer, type RequestsClient, startRequestsClient, uploaded } from './requests-client.ts'

const hourMs = 60 * 60 * 1000
const dayMs = 24 * hourMs

/**
 * Issue 40 §3: automatic reminders and expiry run on the server's clock. The test moves the clock and waits for
 * the jobs that fell due to have run (the health answer's mail lane has none left waiting past its time).
 */
describe.each(featureDrivers)('reminders and expiry on %s', (driver) => {
  let api: RequestsClient
  let owner: string
  let signer: string
  const ownerEmail = 'expiry-sender@example.com'
  const signerEmail = 'expiry-signer@example.com'

  beforeAll(async () => {
    api = await startRequestsClient(driver)
    owner = await api.signUp(ownerEmail)
    signer = await api.signUp(signerEmail)
  })

  afterAll(async () => {
    await api?.server.stop()
  })

  const call = (method: string, path: string, token: string, body?: unknown) =>
    api.call(method, path, { token, body })
  const inDays = (days: number) => new Date(api.clock.now().getTime() + days * dayMs).toISOString()

  async function sent(title: string, extra: Record<string, unknown>): Promise<SignatureRequestView> {
    const created = await api.create(owner, {
      title,
      signatures: [{ account_email: signerEmail }],
      ...extra,
    })
    await uploaded(await api.upload(owner, created.id, await makePdf([a4])))
    return answer(await call('POST', apiPaths.initiateSignatureRequest(created.id), owner))
  }

  async function login(email: string): Promise<string> {
    const response = await api.login(email, goodPassword)
    return v.parse(tokenAnswerSchema, toCamelCase(await response.json())).token
  }

  /** Moves the clock, signs in again (sessions end within a day) and waits until every job due by then has run. */
  async function advance(ms: number) {
    api.clock.advance(ms)
    owner = await login(ownerEmail)
    signer = await login(signerEmail)
    await vi.waitFor(
      async () => {
        const response = await api.call('GET', apiPaths.health())
        const { jobs } = v.parse(healthResponseSchema, toCamelCase(await response.json()))
        expect(jobs.lanes.mail).toMatchObject({ running: 0, oldestWaitingSeconds: 0 })
      },
      { timeout: 5000, interval: 50 },
    )
  }

  async function events(id: string) {
    const list = await answer<SignatureRequestEventList>(
      await call('GET', apiPaths.signatureRequestEvents(id), owner),
    )
    return list.events
  }

  it('reminds and tells of the expiry only the signers whose turn came, in a request in order', async () => {
    const later = 'expiry-later@example.com'
    const created = await api.create(owner, {
      title: 'Ordered lease',
      signatures: [
        { account_email: signerEmail, sequence: 1 },
        { account_email: later, sequence: 2 },
      ],
      expires_at: inDays(3),
      reminders: { every_days: 1, at_most: 2 },
    })
    await uploaded(await api.upload(owner, created.id, await makePdf([a4])))
    await answer(await call('POST', apiPaths.initiateSignatureRequest(created.id), owner))
    const seen = await api.mailIds()
    const mailsToLater = async () => {
      const list = await api.call('GET', apiPaths.outbox())
      const { mails } = v.parse(outboxListSchema, toCamelCase(await list.json()))
      return mails.filter((mail) => mail.to === later).map((mail) => mail.subject)
    }

    await advance(dayMs + hourMs)
    await api.waitForMail(signerEmail, /Ordered lease/, seen)
    await advance(2 * dayMs)
    expect((await api.getRequest(owner, created.id)).statusOverall).toBe('EXPIRED')
    await api.waitForMail(signerEmail, /Ordered lease.*expired/, seen)
    await api.waitForMail(ownerEmail, /Ordered lease.*expired/, seen)
    expect(await mailsToLater()).toEqual([])
  })

  it('expires an open request when its expiry passes: mails, history, list filter and 409s', async () => {
    const request = await sent('Expiring lease', { expires_at: inDays(2) })
    expect(request).toMatchObject({ statusOverall: 'OPEN', expiresAt: expect.any(String) })
    const seen = await api.mailIds()
    await advance(dayMs)
    expect((await api.getRequest(owner, request.id)).statusOverall).toBe('OPEN')

    await advance(dayMs + hourMs)
    expect((await api.getRequest(signer, request.id)).statusOverall).toBe('EXPIRED')
    const toSigner = await api.waitForMail(signerEmail, /Expiring lease.*expired/, seen)
    expect(toSigner.text).toContain('can no longer be signed')
    await api.waitForMail(ownerEmail, /Expiring lease.*expired/, seen)
    expect((await events(request.id)).at(-1)).toMatchObject({ type: 'expired', actorEmail: null })

    const expired = await api.list(owner, { status_overall: 'EXPIRED' })
    expect(expired.items.map((item) => item.id)).toContain(request.id)
    const open = await api.list(owner, { status_overall: 'OPEN' })
    expect(open.items.map((item) => item.id)).not.toContain(request.id)

    await api.expectError(
      await call('POST', apiPaths.declineSignatureRequest(request.id), signer, { message: '' }),
      409,
      'signature_request.expired',
    )
    await api.expectError(
      await call('POST', apiPaths.remindSignatureRequest(request.id), owner),
      409,
      'signature_request.expired',
    )
    await api.expectError(
      await call('POST', apiPaths.delegateSignatureRequest(request.id), signer, {
        account_email: 'deputy@example.com',
      }),
      409,
      'signature_request.expired',
    )
    await api.expectError(
      await call('PUT', apiPaths.signatureRequest(request.id), owner, { expires_at: inDays(5) }),
      409,
      'signature_request.ended',
    )
  })

  it('lets the sender extend an open request, which then expires at the new time', async () => {
    const request = await sent('Extended lease', { expires_at: inDays(1) })
    const later = inDays(3)
    const extended = await answer<SignatureRequestView>(
      await call('PUT', apiPaths.signatureRequest(request.id), owner, { expires_at: later }),
    )
    expect(extended.expiresAt).toBe(later)
    expect((await events(request.id)).at(-1)).toMatchObject({
      type: 'updated',
      detail: { after: { expiresAt: later } },
    })

    await advance(2 * dayMs)
    expect((await api.getRequest(owner, request.id)).statusOverall).toBe('OPEN')
    await advance(dayMs + hourMs)
    expect((await api.getRequest(owner, request.id)).statusOverall).toBe('EXPIRED')
  })

  it('refuses an expiry that has passed, naming the field', async () => {
    const response = await call('POST', apiPaths.signatureRequests(), owner, {
      title: 'Too late',
      expires_at: inDays(-1),
    })
    await api.expectError(response, 400, 'request.invalid', 'expires_at')
  })

  it('reminds the open signers every N days at most M times, each an event; the manual limit stays', async () => {
    const request = await sent('Reminded lease', { reminders: { every_days: 2, at_most: 2 } })
    expect(request).toMatchObject({ reminders: { everyDays: 2, atMost: 2 }, remindersSent: 0 })
    const seen = await api.mailIds()
    await advance(dayMs)
    expect((await api.getRequest(owner, request.id)).remindersSent).toBe(0)

    await advance(dayMs + hourMs)
    const first = await api.waitForMail(signerEmail, /Reminder: .*Reminded lease/, seen)
    expect((await api.getRequest(owner, request.id)).remindersSent).toBe(1)
    expect((await events(request.id)).at(-1)).toMatchObject({
      type: 'reminded',
      actorEmail: null,
      detail: { automatic: true, count: 1 },
    })
    // The sender's own reminder keeps its hour apart from the last one, automatic or not.
    await api.expectError(
      await call('POST', apiPaths.remindSignatureRequest(request.id), owner),
      429,
      'signature_request.remind_too_soon',
    )

    await advance(2 * dayMs)
    await api.waitForMail(signerEmail, /Reminder: .*Reminded lease/, new Set([...seen, first.id]))
    const beforeLast = await api.mailIds()
    await advance(4 * dayMs)
    const after = await api.getRequest(owner, request.id)
    expect(after.remindersSent).toBe(2)
    const reminded = (await events(request.id)).filter((e) => e.type === 'reminded')
    expect(reminded).toHaveLength(2)
    expect([...(await api.mailIds())].filter((id) => !beforeLast.has(id))).toEqual([])
  })

  it('follows reminders the sender turns on, or off, on an open request', async () => {
    const on = await sent('Later reminded lease', {})
    const off = await sent('Quiet lease', { reminders: { every_days: 1, at_most: 3 } })
    const path = (id: string) => apiPaths.signatureRequest(id)
    await answer(await call('PUT', path(on.id), owner, { reminders: { every_days: 1, at_most: 1 } }))
    await answer(await call('PUT', path(off.id), owner, { reminders: null }))
    expect((await events(off.id)).at(-1)).toMatchObject({
      type: 'updated',
      detail: { before: { remindEveryDays: '1', remindAtMost: '3' }, after: { remindEveryDays: null } },
    })
    const seen = await api.mailIds()
    await advance(dayMs + hourMs)
    await api.waitForMail(signerEmail, /Reminder: .*Later reminded lease/, seen)
    expect((await api.getRequest(owner, on.id)).remindersSent).toBe(1)
    expect((await api.getRequest(owner, off.id)).remindersSent).toBe(0)
  })

  it('stops reminding once the request ended', async () => {
    const request = await sent('Signed off lease', { reminders: { every_days: 1, at_most: 3 } })
    await answer(
      await call('POST', apiPaths.withdrawSignatureRequest(request.id), owner, { message: 'Not needed' }),
    )
    await advance(3 * dayMs)
    expect((await api.getRequest(owner, request.id)).remindersSent).toBe(0)
    expect((await events(request.id)).filter((e) => e.type === 'reminded')).toEqual([])
  })
})
