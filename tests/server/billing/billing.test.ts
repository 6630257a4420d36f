import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import pg from 'pg'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  billingPaths,
  fairFlatMigrationSchema,
  invoicesSchema,
  paymentMethodsSchema,
  seatsPreviewSchema,
  setupIntentSchema,
} from '../../../contract/billing.ts'
import { businessPaths, businessSchema, trialDays } from '../../../contract/businesses.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { upgradePreviewSchema } from '../../../contract/price-plans.ts'
import {
  type AccountsClient,
  goodPassword,
  readJson,
  startAccountsClient,
} from '../accounts/accounts-client.ts'
import { featureDrivers } from '../test-database.ts'

const dayMs = 24 * 60 * 60 * 1000
const execFileAsync = promisify(execFile)

const businessData = (country: string) => ({
  name: 'Billing AG',
  email: 'office@billing.example',
  phone: '+41 44 123 45 67',
  billing: {
    address1: 'Bahnhofstrasse 1',
    city: 'Zürich',
    postal_code: '8001',
    country,
    vat: 'CHE-123.456.789',
  },
})

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2030, cvc: '123' })

// Journeys of many calls, each business first living through its trial: longer than one request's budget.
describe.each(featureDrivers)('billing on the sandbox provider on %s', { timeout: 60_000 }, (driver) => {
  let client: AccountsClient
  beforeAll(async () => {
    client = await startAccountsClient(driver)
  })
  afterAll(async () => {
    await client.server.stop()
  })

  /** A new session after the clock moved past the last one's lifetime. */
  const signIn = async (email: string) =>
    String((await readJson(await client.login(email, goodPassword))).token)
  const readBusiness = async (token: string, id: string) =>
    v.parse(businessSchema, await readJson(await client.call('GET', businessPaths.business(id), { token })))
  const open = async (email: string, country = 'CH') => {
    const token = await client.signUp(email)
    const created = await client.call('POST', businessPaths.businesses(), {
      token,
      body: businessData(country),
    })
    return { token, id: v.parse(businessSchema, await readJson(created, 201)).id }
  }
  /** A business whose trial is over: subscribing charges its first period at once. */
  const openPastTrial = async (email: string, country = 'CH') => {
    const { id } = await open(email, country)
    client.clock.advance((trialDays + 1) * dayMs)
    return { token: await signIn(email), id }
  }
  /** What the browser does: a setup intent, confirmed with a card at the (sandbox) provider. */
  const confirmedIntent = async (token: string, id: string, number: string) => {
    const intent = v.parse(
      setupIntentSchema,
      await readJson(
        await client.call('POST', billingPaths.setupIntent(id), { token, body: { country: 'CH' } }),
        201,
      ),
    )
    expect(intent.publishableKey).toBeNull()
    const confirmed = await client.call('POST', billingPaths.sandboxConfirm(), {
      body: { client_secret: intent.clientSecret, card: card(number) },
    })
    return { intent, confirmed }
  }
  const subscribe = async (token: string, id: string, number: string, order: object = {}) => {
    const { intent } = await confirmedIntent(token, id, number)
    return client.call('PUT', billingPaths.upgrade(id), {
      token,
      body: {
        plan: 'team',
        cycle: 'yearly',
        amount_seats: 2,
        currency: 'CHF',
        setup_intent_id: intent.id,
        ...order,
      },
    })
  }

  it('subscribes on day 3 of the trial with a promo code, and charges the first year on day 14', async () => {
    const { id } = await open('admin@subscribe.example')
    const opened = client.clock.now().getTime()
    const trialEnd = new Date(opened + trialDays * dayMs).toISOString()
    client.clock.advance(2 * dayMs)
    let token = await signIn('admin@subscribe.example')
    const preview = v.parse(
      upgradePreviewSchema,
      await readJson(
        await client.call('POST', billingPaths.upgradePreview(id), {
          token,
          body: { plan: 'team', cycle: 'yearly', amount_seats: 2, currency: 'CHF', promo_code: 'welcome20' },
        }),
      ),
    )
    // 2 x CHF 250.00 = 500.00, 20 % off the first year = 400.00, VAT 8.1 % = 32.40, from the trial's end.
    expect(preview.promoCode).toBe('WELCOME20')
    expect(preview.periods[0]).toMatchObject({
      startsAt: trialEnd,
      subtotal: 50000,
      discount: 10000,
      vat: 3240,
      total: 43240,
    })
    expect(preview.periods[1]).toMatchObject({ discount: 0, total: 54050 })

    const invoicesNow = async () =>
      v.parse(invoicesSchema, await readJson(await client.call('GET', billingPaths.invoices(id), { token })))
        .invoices
    const subscribed = v.parse(
      businessSchema,
      await readJson(await subscribe(token, id, '4242 4242 4242 4242', { promo_code: 'WELCOME20' })),
    )
    // The rest of the trial stays free: the subscription runs in it, and nothing is charged yet.
    expect(subscribed.admin).toMatchObject({
      paymentMethod: 'STRIPE',
      trialEndsAt: trialEnd,
      paymentIssueSince: null,
      subscription: { plan: 'team', status: 'trialing', currentPeriodEnd: trialEnd },
    })
    expect(await invoicesNow()).toEqual([])

    // Day 14: the trial ends, and the provider charges the first year.
    client.clock.advance(trialDays * dayMs - 2 * dayMs)
    token = await signIn('admin@subscribe.example')
    // The provider's events of the renewal (the invoice, the subscription's new period) arrive one by one.
    await vi.waitFor(
      async () => {
        expect(await invoicesNow()).toHaveLength(1)
        expect((await readBusiness(token, id)).admin?.subscription?.status).toBe('active')
      },
      { timeout: 10_000 },
    )
    const business = await readBusiness(token, id)
    expect(business.admin).toMatchObject({
      paymentMethod: 'STRIPE',
      billingStatus: 'stripe',
      currency: 'CHF',
      subscription: {
        plan: 'team',
        cycle: 'yearly',
        seats: 2,
        status: 'active',
        promoCode: 'WELCOME20',
        cancelAtPeriodEnd: false,
        currentPeriodStart: trialEnd,
      },
      pricePlan: { name: 'team', current: { base: { type: 'YEARLY' } }, next: null },
    })
    const invoices = await invoicesNow()
    expect(invoices[0]).toMatchObject({
      status: 'paid',
      currency: 'CHF',
      subtotal: 50000,
      discount: 10000,
      tax: 3240,
      total: 43240,
    })
    const pdf = await client.call('GET', billingPaths.invoicePdf(id, invoices[0]?.id ?? ''), { token })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const methods = v.parse(
      paymentMethodsSchema,
      await readJson(await client.call('GET', billingPaths.payment(id), { token })),
    )
    expect(methods.cards).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true }),
    ])
    expect(await readJson(await client.call('GET', billingPaths.information(id), { token }))).toEqual({
      billing: expect.objectContaining({
        country: 'CH',
        vat: 'CHE-123.456.789',
        currency: 'CHF',
        paymentMethod: 'STRIPE',
        stripeSubscriptionStatus: 'active',
      }),
    })
    // Beyond its seats, the team plan charges identifications per legislation, in the business's currency.
    expect(await readJson(await client.call('GET', billingPaths.customExtras(id), { token }))).toEqual({
      plan: 'team',
      currency: 'CHF',
      identifications: [
        { legislation: 'eidas', price: 5900 },
        { legislation: 'zertes', price: 5900 },
      ],
    })
    // Subscribed once: the machine takes no second upgrade from active.
    await client.expectError(
      await subscribe(token, id, '4242424242424242'),
      409,
      'business.transition_refused',
    )
  })

  it('bills a business in the currency of its first payment, in every price, preview and invoice', async () => {
    // Swiss, so CHF until the first payment, which chooses EUR here.
    const { token, id } = await openPastTrial('admin@currency.example', 'CH')
    expect((await readBusiness(token, id)).admin?.currency).toBeNull()
    const preview = (currency: string) =>
      client.call('POST', billingPaths.upgradePreview(id), {
        token,
        body: { plan: 'team', cycle: 'yearly', amount_seats: 2, currency },
      })
    expect(v.parse(upgradePreviewSchema, await readJson(await preview('EUR'))).currency).toBe('EUR')
    const business = v.parse(
      businessSchema,
      await readJson(await subscribe(token, id, '4242424242424242', { currency: 'EUR' })),
    )
    expect(business.admin).toMatchObject({ currency: 'EUR', subscription: { currency: 'EUR' } })
    // Fixed from now on: an order in another currency is refused, whatever the admin's language.
    await client.expectError(await preview('CHF'), 422, 'billing.currency_fixed', 'currency')
    expect(await readJson(await client.call('GET', billingPaths.information(id), { token }))).toMatchObject({
      billing: { country: 'CH', currency: 'EUR' },
    })
    expect(await readJson(await client.call('GET', billingPaths.customExtras(id), { token }))).toEqual({
      plan: 'team',
      currency: 'EUR',
      identifications: [
        { legislation: 'eidas', price: 4900 },
        { legislation: 'zertes', price: 5900 },
      ],
    })
    const { invoices } = v.parse(
      invoicesSchema,
      await readJson(await client.call('GET', billingPaths.invoices(id), { token })),
    )
    expect(invoices.map((invoice) => invoice.currency)).toEqual(['EUR'])
  })

  it('leaves a business as it was when the card is declined, and refuses what is not a confirmed card', async () => {
    const { token, id } = await openPastTrial('admin@declined.example')
    expect(await readJson(await client.call('GET', billingPaths.customExtras(id), { token }))).toEqual({
      plan: null,
      currency: 'CHF',
      identifications: [],
    })
    await client.expectError(await subscribe(token, id, '4000000000009995'), 402, 'billing.card_declined')
    expect((await readBusiness(token, id)).admin).toMatchObject({
      paymentMethod: 'NEEDS_PAYMENT_METHOD',
      subscription: null,
    })
    const { confirmed } = await confirmedIntent(token, id, '4000000000000002')
    await client.expectError(confirmed, 402, 'billing.card_declined')
    const { confirmed: notTest } = await confirmedIntent(token, id, '4111111111111112')
    await client.expectError(notTest, 402, 'billing.card_declined')
    await client.expectError(
      await client.call('PUT', billingPaths.upgrade(id), {
        token,
        body: {
          plan: 'team',
          cycle: 'yearly',
          amount_seats: 2,
          currency: 'CHF',
          setup_intent_id: 'seti_unknown',
        },
      }),
      422,
      'billing.payment_method_missing',
      'setup_intent_id',
    )
    // A business in the EU is invoiced by reverse charge, which needs its VAT number.
    const german = await client.signUp('admin@declined-de.example')
    const noVat = { ...businessData('DE'), billing: { ...businessData('DE').billing, vat: '' } }
    const de = v.parse(
      businessSchema,
      await readJson(
        await client.call('POST', businessPaths.businesses(), { token: german, body: noVat }),
        201,
      ),
    )
    await client.expectError(
      await subscribe(german, de.id, '4242424242424242'),
      422,
      'billing.vat_required',
      'billing.vat',
    )
    expect((await readBusiness(german, de.id)).admin?.subscription).toBeNull()
    // Another business's confirmed card is not this one's.
    const other = await open('admin@declined-other.example')
    const { intent } = await confirmedIntent(other.token, other.id, '4242424242424242')
    await client.expectError(
      await client.call('PUT', billingPaths.upgrade(id), {
        token,
        body: { plan: 'team', cycle: 'yearly', amount_seats: 2, currency: 'CHF', setup_intent_id: intent.id },
      }),
      422,
      'billing.payment_method_missing',
    )
    await client.expectError(
      await client.call('PUT', billingPaths.upgrade(id), {
        token: other.token,
        body: { plan: 'team', cycle: 'yearly', amount_seats: 2, currency: 'CHF', setup_intent_id: intent.id },
      }),
      404,
      'business.not_found',
    )
  })

  it('adds seats prorated with a fresh preview, removes one, cancels and reactivates', async () => {
    const { token: first, id } = await openPastTrial('admin@seats.example')
    await readJson(await subscribe(first, id, '4242424242424242'))
    client.clock.advance(30 * dayMs)
    const token = await signIn('admin@seats.example')
    const preview = v.parse(
      seatsPreviewSchema,
      await readJson(await client.call('POST', billingPaths.seatsPreview(id), { token, body: { seats: 4 } })),
    )
    // Two more seats of CHF 250.00 a year, for the 335 of 365 days left.
    expect(preview).toMatchObject({ seats: 4, currentSeats: 2, currency: 'CHF', nextPeriodAmount: 100000 })
    expect(preview.amountDue).toBe(Math.round((2 * 25000 * 335) / 365))
    expect(preview.vat).toBe(Math.floor((preview.amountDue * 810 + 5000) / 10000))
    const added = v.parse(
      businessSchema,
      await readJson(
        await client.call('PUT', billingPaths.seats(id), {
          token,
          body: { seats: 4, timestamp: preview.timestamp },
        }),
      ),
    )
    expect(added.admin?.subscription?.seats).toBe(4)
    const { invoices } = v.parse(
      invoicesSchema,
      await readJson(await client.call('GET', billingPaths.invoices(id), { token })),
    )
    expect(invoices.map((i) => i.subtotal)).toEqual([preview.amountDue, 50000])

    const fewer = v.parse(
      seatsPreviewSchema,
      await readJson(await client.call('POST', billingPaths.seatsPreview(id), { token, body: { seats: 3 } })),
    )
    expect(fewer).toMatchObject({ amountDue: 0, total: 0, nextPeriodAmount: 75000 })
    client.clock.advance(16 * 60 * 1000)
    await client.expectError(
      await client.call('PUT', billingPaths.seats(id), {
        token,
        body: { seats: 3, timestamp: fewer.timestamp },
      }),
      409,
      'billing.preview_stale',
      'timestamp',
    )
    await client.expectError(
      await client.call('POST', billingPaths.seatsPreview(id), { token, body: { seats: 1 } }),
      422,
      'billing.seats_out_of_range',
      'seats',
    )
    const again = v.parse(
      seatsPreviewSchema,
      await readJson(await client.call('POST', billingPaths.seatsPreview(id), { token, body: { seats: 3 } })),
    )
    await readJson(
      await client.call('PUT', billingPaths.seats(id), {
        token,
        body: { seats: 3, timestamp: again.timestamp },
      }),
    )

    const cancelled = v.parse(
      businessSchema,
      await readJson(await client.call('POST', billingPaths.cancelSubscription(id), { token })),
    )
    expect(cancelled.admin?.pricePlan.next?.base?.type).toBe('CANCELED')
    await client.expectError(
      await client.call('POST', billingPaths.cancelSubscription(id), { token }),
      409,
      'business.transition_refused',
    )
    const reactivated = v.parse(
      businessSchema,
      await readJson(await client.call('POST', billingPaths.reactivateSubscription(id), { token })),
    )
    expect(reactivated.admin?.pricePlan.next).toBeNull()
    expect(reactivated.admin?.subscription?.cancelAtPeriodEnd).toBe(false)
  })

  it('moves a subscription to another plan and cycle, charging the difference now', async () => {
    const { token, id } = await openPastTrial('admin@switch.example')
    const base = (body: object) => client.call('PUT', billingPaths.base(id), { token, body })
    const now = () => client.clock.now().toISOString()
    await client.expectError(
      await base({ plan: 'pro', cycle: 'yearly', timestamp: now() }),
      409,
      'business.transition_refused',
    )
    await readJson(await subscribe(token, id, '4242424242424242'))
    client.clock.advance(73 * dayMs)
    const again = await signIn('admin@switch.example')
    const switchTo = (body: object) => client.call('PUT', billingPaths.base(id), { token: again, body })
    await client.expectError(
      await switchTo({ plan: 'team', cycle: 'yearly', timestamp: now() }),
      422,
      'billing.plan_unavailable',
      'plan',
    )
    await client.expectError(
      await switchTo({ plan: 'individual', cycle: 'yearly', timestamp: now() }),
      422,
      'billing.seats_out_of_range',
      'plan',
    )
    const old = new Date(client.clock.now().getTime() - 16 * 60 * 1000).toISOString()
    await client.expectError(
      await switchTo({ plan: 'pro', cycle: 'yearly', timestamp: old }),
      409,
      'billing.preview_stale',
      'timestamp',
    )
    const switched = v.parse(
      businessSchema,
      await readJson(await switchTo({ plan: 'pro', cycle: 'yearly', timestamp: now() })),
    )
    expect(switched.admin?.subscription).toMatchObject({ plan: 'pro', cycle: 'yearly', seats: 2 })
    // (2 x CHF 400.00 - 2 x CHF 250.00) for the 292 of 365 days left.
    const { invoices } = v.parse(
      invoicesSchema,
      await readJson(await client.call('GET', billingPaths.invoices(id), { token: again })),
    )
    expect(invoices[0]?.subtotal).toBe(Math.round((80000 * 292) / 365) - Math.round((50000 * 292) / 365))
    // Monthly from now: a new period starts, the unused year paid for counts against it.
    const monthly = v.parse(
      businessSchema,
      await readJson(await switchTo({ plan: 'pro', cycle: 'monthly', timestamp: now() })),
    )
    expect(monthly.admin?.subscription).toMatchObject({ cycle: 'monthly', currentPeriodStart: now() })
    expect(monthly.admin?.pricePlan.current?.base?.type).toBe('MONTHLY')
  })

  it('keeps removed seats until the period ends, takes the drop back, and bills fewer from the renewal', async () => {
    const { token: first, id } = await openPastTrial('admin@drop.example')
    await readJson(await subscribe(first, id, '4242424242424242', { amount_seats: 4 }))
    client.clock.advance(30 * dayMs)
    const token = await signIn('admin@drop.example')
    const seatsPreview = async (seats: number) =>
      v.parse(
        seatsPreviewSchema,
        await readJson(await client.call('POST', billingPaths.seatsPreview(id), { token, body: { seats } })),
      )
    const change = async (seats: number, timestamp: string) =>
      v.parse(
        businessSchema,
        await readJson(
          await client.call('PUT', billingPaths.seats(id), { token, body: { seats, timestamp } }),
        ),
      ).admin?.subscription
    const invoiceTotals = async () =>
      v
        .parse(invoicesSchema, await readJson(await client.call('GET', billingPaths.invoices(id), { token })))
        .invoices.map((invoice) => invoice.subtotal)

    const fewer = await seatsPreview(3)
    const periodEnd = fewer.currentPeriodEnd
    expect(fewer).toMatchObject({
      seats: 3,
      currentSeats: 4,
      amountDue: 0,
      total: 0,
      nextPeriodAmount: 75000,
      effectiveAt: periodEnd,
      seatsAtPeriodEnd: null,
    })
    expect(await change(3, fewer.timestamp)).toMatchObject({ seats: 4, seatsAtPeriodEnd: 3 })
    expect(await invoiceTotals()).toEqual([100000])

    // As many seats as paid takes the drop back, for nothing.
    const keep = await seatsPreview(4)
    expect(keep).toMatchObject({ amountDue: 0, seatsAtPeriodEnd: 3, effectiveAt: keep.timestamp })
    expect(await change(4, keep.timestamp)).toMatchObject({ seats: 4, seatsAtPeriodEnd: null })

    // More seats than paid are bought now and end a drop scheduled before.
    expect(await change(2, (await seatsPreview(2)).timestamp)).toMatchObject({
      seats: 4,
      seatsAtPeriodEnd: 2,
    })
    const more = await seatsPreview(5)
    expect(more.amountDue).toBe(Math.round((25000 * 335) / 365))
    expect(await change(5, more.timestamp)).toMatchObject({ seats: 5, seatsAtPeriodEnd: null })
    expect(await invoiceTotals()).toEqual([more.amountDue, 100000])

    // Inviting people the scheduled seats would not hold lessens the drop instead of charging now.
    expect(await change(2, (await seatsPreview(2)).timestamp)).toMatchObject({
      seats: 5,
      seatsAtPeriodEnd: 2,
    })
    await readJson(
      await client.call('POST', businessPaths.businessMembers(id), {
        token,
        body: { users: ['newcomer1@drop.example', 'newcomer2@drop.example'] },
      }),
    )
    expect((await readBusiness(token, id)).admin?.subscription).toMatchObject({
      seats: 5,
      seatsAtPeriodEnd: 3,
    })
    await client.expectError(
      await client.call('POST', billingPaths.seatsPreview(id), { token, body: { seats: 2 } }),
      422,
      'billing.seats_out_of_range',
      'seats',
    )

    client.clock.advance(336 * dayMs)
    const later = await signIn('admin@drop.example')
    await vi.waitFor(
      async () =>
        expect((await readBusiness(later, id)).admin?.subscription).toMatchObject({
          seats: 3,
          seatsAtPeriodEnd: null,
          currentPeriodStart: periodEnd,
        }),
      { timeout: 10_000 },
    )
    const { invoices } = v.parse(
      invoicesSchema,
      await readJson(await client.call('GET', billingPaths.invoices(id), { token: later })),
    )
    expect(invoices[0]).toMatchObject({ subtotal: 75000, periodStart: periodEnd })
  })

  it('itemises what a plan switch charges now, and switches at the time of that preview', async () => {
    const { token: first, id } = await openPastTrial('admin@itemised.example')
    const previewOf = async (token: string, plan: string, cycle: string) =>
      v.parse(
        upgradePreviewSchema,
        await readJson(
          await client.call('POST', billingPaths.upgradePreview(id), {
            token,
            body: { plan, cycle, amount_seats: 2, currency: 'CHF' },
          }),
        ),
      )
    // A trial buys a plan: nothing to switch from.
    expect((await previewOf(first, 'pro', 'yearly')).planSwitch).toBeNull()
    await readJson(await subscribe(first, id, '4242424242424242'))
    client.clock.advance(73 * dayMs)
    const token = await signIn('admin@itemised.example')
    const preview = await previewOf(token, 'pro', 'yearly')
    // 2 seats of team at CHF 250.00 a year credited, 2 of pro at CHF 400.00 charged, for the part of the
    // year left (292 of 365 days, or of 366 when the clock has been moved into a leap year).
    const { subscription } = (await readBusiness(token, id)).admin ?? {}
    const start = Date.parse(subscription?.currentPeriodStart ?? '')
    const end = Date.parse(subscription?.currentPeriodEnd ?? '')
    const left = (amount: number) =>
      Math.round((amount * (end - client.clock.now().getTime())) / (end - start))
    const credit = left(50000)
    const charge = left(80000)
    const vat = Math.floor(((charge - credit) * 810 + 5000) / 10000)
    const periodEnd = new Date(end).toISOString()
    expect(preview.planSwitch).toEqual({
      credit,
      charge,
      subtotal: charge - credit,
      vatRate: 810,
      vat,
      total: charge - credit + vat,
      periodEnd,
      nextPeriod: { seats: 2, subtotal: 80000, vat: 6480, total: 86480 },
      timestamp: client.clock.now().toISOString(),
    })
    // Another cycle: the monthly price for a new month from now, less the year's unused part (no payout).
    const monthly = await previewOf(token, 'team', 'monthly')
    expect(monthly.planSwitch).toMatchObject({ credit, subtotal: 0, total: 0 })
    expect(monthly.planSwitch?.charge).toBeGreaterThan(0)

    const timestamp = preview.planSwitch?.timestamp ?? ''
    client.clock.advance(16 * 60 * 1000)
    await client.expectError(
      await client.call('PUT', billingPaths.base(id), {
        token,
        body: { plan: 'pro', cycle: 'yearly', timestamp },
      }),
      409,
      'billing.preview_stale',
      'timestamp',
    )
    const fresh = (await previewOf(token, 'pro', 'yearly')).planSwitch
    client.clock.advance(5 * 60 * 1000)
    await readJson(
      await client.call('PUT', billingPaths.base(id), {
        token,
        body: { plan: 'pro', cycle: 'yearly', timestamp: fresh?.timestamp },
      }),
    )
    const { invoices } = v.parse(
      invoicesSchema,
      await readJson(await client.call('GET', billingPaths.invoices(id), { token })),
    )
    expect(invoices[0]).toMatchObject({ subtotal: fresh?.subtotal, tax: fresh?.vat, total: fresh?.total })
  })

  it('opens a business and subscribes it in one step for a user without one', async () => {
    const token = await client.signUp('buyer@direct.example')
    const order = { plan: 'pro', cycle: 'monthly', amount_seats: 2, currency: 'EUR' }
    const preview = v.parse(
      upgradePreviewSchema,
      await readJson(
        await client.call('POST', billingPaths.directPreview(), { token, body: { ...order, country: 'DE' } }),
      ),
    )
    expect(preview).toMatchObject({
      vatTreatment: 'reverseCharge',
      periods: [{ total: 8000 }, { total: 8000 }],
    })
    const intent = v.parse(
      setupIntentSchema,
      await readJson(
        await client.call('POST', billingPaths.directSetupIntent(), { token, body: { country: 'DE' } }),
        201,
      ),
    )
    const confirm = async (number: string) => {
      await client.call('POST', billingPaths.sandboxConfirm(), {
        body: { client_secret: intent.clientSecret, card: card(number) },
      })
      return client.call('POST', billingPaths.directConfirm(), {
        token,
        body: {
          ...order,
          setup_intent_id: intent.id,
          business: {
            ...businessData('DE'),
            name: 'Direkt GmbH',
            billing: { ...businessData('DE').billing, vat: 'DE123456789' },
          },
        },
      })
    }
    // Declined: nothing is opened.
    await client.expectError(await confirm('4000000000009995'), 402, 'billing.card_declined')
    expect((await client.call('GET', businessPaths.userBusiness(), { token })).status).toBe(404)
    const opened = v.parse(businessSchema, await readJson(await confirm('4242424242424242'), 201))
    expect(opened).toMatchObject({
      name: 'Direkt GmbH',
      role: 'admin',
      admin: {
        paymentMethod: 'STRIPE',
        trialEndsAt: null,
        subscription: { plan: 'pro', cycle: 'monthly', seats: 2, status: 'active' },
      },
    })
    const { invoices } = v.parse(
      invoicesSchema,
      await readJson(await client.call('GET', billingPaths.invoices(opened.id), { token })),
    )
    expect(invoices).toEqual([expect.objectContaining({ status: 'paid', currency: 'EUR', total: 8000 })])
    // Once in a business, a user buys no second one.
    await client.expectError(
      await client.call('POST', billingPaths.directPreview(), { token, body: { ...order, country: 'DE' } }),
      409,
      'business.already_member',
    )
  })

  it('prices a direct upgrade by the billing address of the business it opens when no country is given', async () => {
    const token = await client.signUp('buyer@address.example')
    const order = { plan: 'pro', cycle: 'monthly', amount_seats: 2, currency: 'EUR' }
    const preview = async (body: Record<string, unknown>) =>
      v.parse(
        upgradePreviewSchema,
        await readJson(await client.call('POST', billingPaths.directPreview(), { token, body })),
      )
    // The business the confirm call names, here still without its VAT number.
    const german = { ...businessData('DE'), name: 'Adresse GmbH' }
    const byAddress = await preview({ ...order, business: german })
    expect(byAddress).toEqual(await preview({ ...order, country: 'DE' }))
    expect(byAddress.vatTreatment).toBe('reverseCharge')
    // A country given is the one billed to.
    expect(await preview({ ...order, country: 'CH', business: german })).toEqual(
      await preview({ ...order, country: 'CH' }),
    )
    expect((await preview({ ...order, country: 'CH' })).vatTreatment).not.toBe('reverseCharge')
    await client.expectError(
      await client.call('POST', billingPaths.directPreview(), { token, body: order }),
      422,
      'billing.country_required',
      'country',
    )
  })

  it('buys the seats that invited people need before inviting them', async () => {
    const { token, id } = await openPastTrial('admin@invite-seats.example')
    await readJson(await subscribe(token, id, '4242424242424242'))
    // One admin on two seats: one more person fits, three more need two more seats.
    await readJson(
      await client.call('POST', businessPaths.businessMembers(id), {
        token,
        body: { users: ['one@invite-seats.example'] },
      }),
    )
    expect((await readBusiness(token, id)).admin?.subscription?.seats).toBe(2)
    await readJson(
      await client.call('POST', businessPaths.businessMembers(id), {
        token,
        body: {
          users: ['one@invite-seats.example', 'two@invite-seats.example', 'three@invite-seats.example'],
        },
      }),
    )
    expect((await readBusiness(token, id)).admin?.subscription?.seats).toBe(4)
    const { invoices } = v.parse(
      invoicesSchema,
      await readJson(await client.call('GET', billingPaths.invoices(id), { token })),
    )
    expect(invoices).toHaveLength(2)
    expect(invoices[0]?.subtotal).toBe(2 * 25000)
    // The team plan ends at 20 seats: inviting beyond is refused, and nobody is invited.
    const many = Array.from({ length: 17 }, (_, i) => `many-${i}@invite-seats.example`)
    await client.expectError(
      await client.call('POST', businessPaths.businessMembers(id), { token, body: { users: many } }),
      422,
      'billing.seats_out_of_range',
      'users',
    )
    expect((await readBusiness(token, id)).admin?.subscription?.seats).toBe(4)
  })

  it('renews by the clock; a failing card opens the grace period, then blocks, and a new card pays', async () => {
    const { token: first, id } = await openPastTrial('admin@renewal.example')
    let token = first
    await readJson(await subscribe(token, id, '4242424242424242', { cycle: 'monthly' }))
    // The card now on file fails every charge from the next renewal on.
    const { intent } = await confirmedIntent(token, id, '4000000000000341')
    await readJson(
      await client.call('POST', billingPaths.legacySetupIntentConfirm(id, intent.id), {
        token,
        body: { country: 'CH' },
      }),
    )
    const before = await client.mailIds()
    client.clock.advance(32 * dayMs)
    token = await signIn('admin@renewal.example')
    await vi.waitFor(
      async () => expect((await readBusiness(token, id)).admin?.subscription?.status).toBe('past_due'),
      { timeout: 10_000 },
    )
    const business = await readBusiness(token, id)
    expect(business.admin).toMatchObject({
      paymentMethod: 'STRIPE',
      paymentIssueSince: client.clock.now().toISOString(),
    })
    await client.waitForMail('admin@renewal.example', /payment for Billing AG failed/, before)

    client.clock.advance(15 * dayMs)
    token = await signIn('admin@renewal.example')
    await vi.waitFor(
      async () => expect((await readBusiness(token, id)).admin?.paymentMethod).toBe('BLOCKED'),
      { timeout: 10_000 },
    )
    const blocked = await client.waitForMail('admin@renewal.example', /Billing AG is blocked/, before)
    // The route guard holds a blocked business's admins on the members page but for the upgrade page, where it pays.
    expect(blocked.links.some((link) => new URL(link).pathname === '/business/upgrade')).toBe(true)
    expect((await client.readUser(token)).business?.paymentMethod).toBe('BLOCKED')

    const { intent: good } = await confirmedIntent(token, id, '5555555555554444')
    await readJson(
      await client.call('POST', billingPaths.legacySetupIntentConfirm(id, good.id), {
        token,
        body: { country: 'CH' },
      }),
    )
    await vi.waitFor(
      async () => expect((await readBusiness(token, id)).admin?.paymentMethod).toBe('STRIPE'),
      { timeout: 10_000 },
    )
    expect((await readBusiness(token, id)).admin).toMatchObject({
      paymentIssueSince: null,
      subscription: { status: 'active' },
    })
  })

  it('cancels a trial through the machine, and refuses members and other businesses', async () => {
    const { token, id } = await open('admin@cancel-trial.example')
    const cancelled = v.parse(
      businessSchema,
      await readJson(await client.call('POST', billingPaths.cancelTrial(id), { token })),
    )
    expect(cancelled.admin).toMatchObject({
      paymentMethod: 'NEEDS_PAYMENT_METHOD',
      pricePlan: { current: { base: { type: 'CANCELED' } } },
    })
    await client.expectError(
      await client.call('POST', billingPaths.cancelTrial(id), { token }),
      409,
      'business.transition_refused',
    )
    // Subscribing after the trial was cancelled is what the machine allows next.
    await readJson(await subscribe(token, id, '4242424242424242'))
    const member = await client.signUp('member@cancel-trial.example')
    await client.call('POST', businessPaths.businessMembers(id), {
      token,
      body: { users: ['member@cancel-trial.example'] },
    })
    await client.call('POST', apiPaths.accept(), { token: member, body: { business_invite: true } })
    for (const [method, path] of [
      ['GET', billingPaths.invoices(id)],
      ['GET', billingPaths.payment(id)],
      ['POST', billingPaths.cancelSubscription(id)],
      ['GET', billingPaths.usage(id)],
    ] as const) {
      await client.expectError(
        await client.call(method, path, { token: member }),
        403,
        'business.not_allowed',
      )
    }
    const stranger = await client.signUp('stranger@cancel-trial.example')
    await client.expectError(
      await client.call('GET', billingPaths.invoices(id), { token: stranger }),
      404,
      'business.not_found',
    )
    await client.expectError(await client.call('GET', billingPaths.invoices(id)), 401, 'auth.unauthenticated')
  })

  it.runIf(driver === 'postgres')(
    'puts a business on manual invoicing by the operator command, and lists its invoices',
    async () => {
      const { token, id } = await open('admin@manual.example')
      const database = client.server.database
      const env = {
        ...process.env,
        DATABASE_URL: database.driver === 'postgres' ? database.url : '',
        DATA_DIR: client.server.dataDir,
      }
      const run = (...args: string[]) =>
        execFileAsync(process.execPath, ['scripts/billing.ts', ...args], { env })
      expect((await run('manual', id)).stdout).toContain('now invoiced by hand')
      const invoiced = await run(
        'invoice',
        id,
        '--description',
        'Licence 2026',
        '--amount',
        '480000',
        '--currency',
        'CHF',
        '--from',
        '2026-03-01',
        '--paid',
      )
      expect(invoiced.stdout).toMatch(/Invoice M-\d{6} written/)
      const business = await readBusiness(token, id)
      expect(business.admin).toMatchObject({ paymentMethod: 'MANUAL', billingStatus: 'manual' })
      const { invoices } = v.parse(
        invoicesSchema,
        await readJson(await client.call('GET', billingPaths.invoices(id), { token })),
      )
      // CHF 4800.00 and Swiss VAT of 8.1 %.
      expect(invoices).toEqual([
        expect.objectContaining({
          status: 'paid',
          subtotal: 480000,
          tax: 38880,
          total: 518880,
          periodStart: '2026-03-01T00:00:00.000Z',
          periodEnd: '2027-03-01T00:00:00.000Z',
        }),
      ])
      const pdf = await client.call('GET', billingPaths.invoicePdf(id, invoices[0]?.id ?? ''), { token })
      expect(pdf.headers.get('content-disposition')).toMatch(/invoice-M-\d{6}\.pdf/)
      // The machine takes no trial cancellation or subscription from a manually invoiced business.
      await client.expectError(
        await client.call('POST', billingPaths.cancelTrial(id), { token }),
        409,
        'business.transition_refused',
      )
      // An unknown business is refused, and nothing is written.
      await expect(run('manual', crypto.randomUUID())).rejects.toMatchObject({ code: 1 })
      // A business paying by card is not also invoiced by hand: its subscription ends first.
      const paying = await openPastTrial('admin@manual-card.example')
      await readJson(await subscribe(paying.token, paying.id, '4242424242424242'))
      await expect(run('manual', paying.id)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('subscription must end first'),
      })
      expect((await readBusiness(paying.token, paying.id)).admin?.paymentMethod).toBe('STRIPE')
    },
  )

  it('moves a business that does not pay to the free plan: it closes, its people on free_v1', async () => {
    const { token, id } = await open('admin@downgrade.example')
    const downgrade = (as: string, business = id) =>
      client.call('POST', billingPaths.freePlanDowngrade(business), { token: as })
    await client.expectError(await downgrade(token), 409, 'business.transition_refused')
    const paying = await openPastTrial('admin@paying.example')
    await readJson(await subscribe(paying.token, paying.id, '4242424242424242'))
    await client.expectError(await downgrade(paying.token, paying.id), 409, 'business.transition_refused')
    await client.expectError(await downgrade(paying.token), 404, 'business.not_found')

    client.clock.advance(15 * dayMs)
    const again = await signIn('admin@downgrade.example')
    expect((await downgrade(again)).status).toBe(204)
    await vi.waitFor(
      async () =>
        expect((await client.call('GET', businessPaths.business(id), { token: again })).status).toBe(404),
      { timeout: 10_000 },
    )
    const user = await client.readUser(again)
    expect(user.attributes.free_account_type).toEqual(['free_v1'])
    expect(user.business).toBeNull()

    // A trial its admins ended is an ended subscription: it may move to the free plan as well.
    const ended = await open('admin@ended.example')
    await readJson(await client.call('POST', billingPaths.cancelTrial(ended.id), { token: ended.token }))
    expect((await downgrade(ended.token, ended.id)).status).toBe(204)
    // Once is enough: refused while it closes (409), gone after (404).
    expect([404, 409]).toContain((await downgrade(ended.token, ended.id)).status)
  })

  /** Legacy data as the old system left it (no call of ours makes it): PostgreSQL only, beside the server. */
  const withDatabase = async <T>(run: (pool: pg.Pool) => Promise<T>): Promise<T> => {
    const database = client.server.database
    const pool = new pg.Pool({ connectionString: database.driver === 'postgres' ? database.url : '' })
    try {
      return await run(pool)
    } finally {
      await pool.end()
    }
  }

  it.runIf(driver === 'postgres')(
    'offers a business on a legacy flat plan the per-seat plan that replaces it, and moves it',
    async () => {
      const { token, id } = await openPastTrial('admin@legacy.example')
      const preview = (as = token) =>
        client.call('POST', billingPaths.fairFlatMigrationPreview(id), { token: as })
      await client.expectError(await preview(), 409, 'billing.plan_unavailable', 'plan')
      await readJson(await subscribe(token, id, '4242424242424242', { amount_seats: 3 }))
      await client.expectError(await preview(), 409, 'billing.plan_unavailable', 'plan')
      client.clock.advance(73 * dayMs)
      const again = await signIn('admin@legacy.example')
      // The provider's subscription first, then our copy: a sync of the subscription running meanwhile
      // (its creation's event) would write the old plan back, so this is done until it holds.
      const offer = await vi.waitFor(
        async () => {
          await withDatabase(async (pool) => {
            await pool.query(
              `update sandbox_billing_objects set data = jsonb_set(data, '{price,plan}', '"sme_v2"')
               where kind = 'subscription' and id = (select subscription_id from business_subscriptions where business_id = $1)`,
              [id],
            )
            await pool.query(`update business_subscriptions set plan = 'sme_v2' where business_id = $1`, [id])
          })
          return v.parse(fairFlatMigrationSchema, await readJson(await preview(again)))
        },
        { timeout: 10_000 },
      )
      // 3 seats: sme_v2 at CHF 200.00 a year each now, team at CHF 250.00 after; the switch credits the
      // unused part of the year of sme_v2 against team's.
      expect(offer).toMatchObject({
        fromPlan: 'sme_v2',
        toPlan: 'team',
        cycle: 'yearly',
        currency: 'CHF',
        seats: 3,
        currentPeriodAmount: 60000,
        newPeriodAmount: 75000,
        planSwitch: { nextPeriod: { seats: 3, subtotal: 75000 } },
      })
      const { subscription } = (await readBusiness(again, id)).admin ?? {}
      const end = Date.parse(subscription?.currentPeriodEnd ?? '')
      const share =
        (end - client.clock.now().getTime()) / (end - Date.parse(subscription?.currentPeriodStart ?? ''))
      expect(offer.planSwitch).toMatchObject({
        credit: Math.round(60000 * share),
        charge: Math.round(75000 * share),
      })
      await readJson(
        await client.call('PUT', billingPaths.base(id), {
          token: again,
          body: { plan: offer.toPlan, cycle: offer.cycle, timestamp: offer.planSwitch.timestamp },
        }),
      )
      expect((await readBusiness(again, id)).admin?.subscription).toMatchObject({ plan: 'team', seats: 3 })
      await client.expectError(await preview(again), 409, 'billing.plan_unavailable', 'plan')
    },
  )

  it.runIf(driver === 'postgres')(
    'opens no Chargebee portal for a business paying elsewhere, and says Chargebee is missing for one kept there',
    async () => {
      const { token, id } = await open('admin@chargebee.example')
      const portal = (as = token) =>
        client.call('POST', billingPaths.chargebeePortalSession(id), { token: as })
      expect(await (await portal()).json()).toMatchObject({
        status: 409,
        code: 'business.transition_refused',
        message: expect.stringContaining('TRIALING'),
      })
      // A subscription the old system kept at Chargebee (no call of ours moves a business there).
      await withDatabase((pool) =>
        pool.query(`update businesses set payment_method = 'CHARGEBEE' where id = $1`, [id]),
      )
      expect(await (await portal()).json()).toMatchObject({
        status: 503,
        code: 'billing.unavailable',
        message: expect.stringContaining('Chargebee'),
      })
      // Someone outside the business learns nothing of it.
      expect((await portal(await client.signUp('stranger@chargebee.example'))).status).toBe(404)
      expect((await client.call('POST', billingPaths.chargebeePortalSession(id), {})).status).toBe(401)
    },
  )

  it.runIf(driver === 'postgres')(
    'moves a user on the legacy free plan to the new free plan once, and nobody else',
    async () => {
      const token = await client.signUp('legacy@free.example')
      const migrate = () => client.call('POST', billingPaths.freeMigration(), { token })
      await client.expectError(await migrate(), 409, 'billing.plan_unavailable', 'free_account_type')
      await withDatabase((pool) =>
        pool.query(
          `update users set attributes = attributes || '{"free_account_type": ["free_legacy"]}' where email = $1`,
          ['legacy@free.example'],
        ),
      )
      await readJson(await migrate())
      expect((await client.readUser(token)).attributes.free_account_type).toEqual(['free_migrated'])
      await client.expectError(await migrate(), 409, 'billing.plan_unavailable', 'free_account_type')
      expect((await client.call('POST', billingPaths.freeMigration(), {})).status).toBe(401)
    },
  )

  it.runIf(driver === 'postgres')('ends the subscription of a business deleted on its day', async () => {
    const { token, id } = await openPastTrial('admin@deleted.example')
    await readJson(await subscribe(token, id, '4242424242424242'))
    await readJson(await client.call('DELETE', businessPaths.deleteBusiness(id), { token }))
    client.clock.advance(31 * dayMs)
    const database = client.server.database
    const pool = new pg.Pool({ connectionString: database.driver === 'postgres' ? database.url : '' })
    try {
      // What the provider keeps: the subscription is over, so no renewal will be charged.
      await vi.waitFor(
        async () => {
          const { rows } = await pool.query<{ status: string }>(
            `select s.data->>'status' as status from sandbox_billing_objects s
             join sandbox_billing_objects c on c.kind = 'customer' and c.id = s.customer_id
             where s.kind = 'subscription' and c.data->>'businessId' = $1`,
            [id],
          )
          expect(rows.map((row) => row.status)).toEqual(['canceled'])
        },
        { timeout: 10_000 },
      )
    } finally {
      await pool.end()
    }
  })
})
