import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billingPaths } from '../../../contract/billing.ts'
import { apiUrl } from '../../../contract/paths.ts'
import { createApp } from '../../../server/app.ts'
import type { BillingProviders } from '../../../server/billing/billing-services.ts'
import { billingSyncJob } from '../../../server/billing/provider-events.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { billingEvents } from '../../../server/db/schema/billing.ts'
import { jobs } from '../../../server/db/schema/jobs.ts'
import { createJobQueue } from '../../../server/jobs/job-queue.ts'
import { SandboxBillingProvider } from '../../../server/providers/billing/sandbox-billing-provider.ts'
import { verifyStripeWebhook } from '../../../server/providers/billing/stripe-webhook.ts'
import { createMailQueue } from '../../../server/providers/mail/mail-queue.ts'
import { signStripeWebhook } from '../providers/fake-stripe.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, featureDrivers } from '../test-database.ts'

const secret = 'whsec_test_secret'

const signed = (body: string, at: Date, key = secret) => signStripeWebhook(body, at, key)

const event = (id: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'customer.subscription.updated',
    api_version: '2026-10-28.endive',
    created: 1_790_000_000,
    data: { object: { id: 'sub_123', object: 'subscription', customer: 'cus_123' } },
  })

describe.each(featureDrivers)('POST /api/webhooks/stripe on %s', (driver) => {
  let handle: DatabaseHandle
  let drop: () => Promise<void>
  let app: ReturnType<typeof createApp>
  const now = new Date('2026-11-25T10:00:00Z')
  beforeAll(async () => {
    const testDatabase = await createTestDatabase(driver)
    drop = testDatabase.drop
    const config = testAppConfig(testDatabase.dataDir, { database: testDatabase.database })
    handle = await openDatabase(config.database)
    await handle.migrate()
    const logger = pino({ level: 'silent' })
    // The jobs are written, not run: the test reads what the webhook promised.
    const queue = createJobQueue({ db: handle.db, handlers: {}, logger, now: () => now })
    const sandbox = new SandboxBillingProvider({
      db: handle.db,
      now: () => now,
      jobs: queue,
      notify: async () => {},
    })
    const billing: BillingProviders = {
      cards: sandbox,
      subscriptions: sandbox,
      sandbox: null,
      verifyWebhook: (raw, signature, at) => verifyStripeWebhook(raw, signature, secret, at),
    }
    app = createApp({
      config,
      db: handle.db,
      logger,
      mail: createMailQueue(queue),
      jobs: queue,
      now: () => now,
      billing,
    })
  })
  afterAll(async () => {
    await handle.close()
    await drop()
  })

  const post = (body: string, signature?: string) =>
    app.request(apiUrl(billingPaths.stripeWebhook()), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body,
    })
  const syncJobs = () => handle.db.select().from(jobs).where(eq(jobs.kind, billingSyncJob))

  it('keeps a signed event once and promises one sync of its subscription, however often it is sent', async () => {
    const body = event('evt_once')
    expect((await post(body, signed(body, now))).status).toBe(200)
    // Stripe sends again when it did not hear back in time: the replay is answered, and changes nothing.
    expect((await post(body, signed(body, new Date(now.getTime() + 60_000)))).status).toBe(200)
    expect(await handle.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_once'))).toEqual([
      expect.objectContaining({
        type: 'customer.subscription.updated',
        subscriptionId: 'sub_123',
        customerId: 'cus_123',
      }),
    ])
    const promised = await syncJobs()
    expect(promised).toHaveLength(1)
    expect(promised[0]?.payload).toEqual({ subscriptionId: 'sub_123' })
  })

  it('refuses a forged, an unsigned, an altered, a stale and a future event with 400, keeping none', async () => {
    const body = event('evt_forged')
    for (const [signature, sent] of [
      [signed(body, now, 'whsec_someone_else'), body],
      [undefined, body],
      [signed(body, now), body.replace('sub_123', 'sub_999')],
      [signed(body, new Date(now.getTime() - 10 * 60_000)), body],
      [signed(body, new Date(now.getTime() + 60 * 60_000)), body],
    ] as const) {
      const answer = await post(sent, signature)
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ code: 'billing.webhook_invalid' })
    }
    expect(await handle.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_forged'))).toEqual([])
    expect(await syncJobs()).toHaveLength(1)
  })
})
