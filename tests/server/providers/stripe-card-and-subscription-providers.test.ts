import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PaymentDeclinedError,
  type PriceKey,
  type ProviderCustomerDetails,
  type ProviderPaymentMethod,
} from '../../../server/providers/billing/billing-provider.ts'
import { StripeCardProvider } from '../../../server/providers/billing/stripe-card-provider.ts'
import { StripeSubscriptionProvider } from '../../../server/providers/billing/stripe-subscription-provider.ts'
import {
  notFound,
  type Params,
  type Reply,
  type StripeRequest,
  startStripeAnsweringServer,
  text,
} from './fake-stripe.ts'

const teamMonthlyEur: PriceKey = { plan: 'team', cycle: 'monthly', currency: 'EUR' }
const visa = { type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } } as const

let fake: FakeStripe
let cards: StripeCardProvider
let subscriptions: StripeSubscriptionProvider

beforeAll(async () => {
  fake = await startFakeStripe()
  const connection = {
    secretKey: 'sk_test_fake',
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
  } as const
  cards = new StripeCardProvider({ ...connection, publishableKey: 'pk_test_fake' })
  subscriptions = new StripeSubscriptionProvider(connection)
})
afterAll(() => fake.close())

function customerDetails(vat: string): ProviderCustomerDetails {
  return {
    businessId: 'biz_1',
    name: 'Muster AG',
    email: 'billing@muster.example',
    address: { line1: 'Bahnhofstrasse 1', line2: '', city: 'Zürich', postalCode: '8001', country: 'CH' },
    vat,
  }
}

/** A customer with a confirmed card, as after the browser has completed the SetupIntent. */
async function customerWithCard(method: FakePaymentMethodInput = visa) {
  const customerId = await cards.createCustomer(customerDetails(''), `customer-${crypto.randomUUID()}`)
  const intent = await cards.createSetupIntent(customerId, `setup-${crypto.randomUUID()}`)
  fake.confirmSetupIntent(intent.id, method)
  const paymentMethod = await cards.setupIntentPaymentMethod(intent.id, customerId)
  if (!paymentMethod) throw new Error('the setup intent was not confirmed')
  return { customerId, paymentMethod }
}

async function subscribed(seats: number) {
  const { customerId, paymentMethod } = await customerWithCard()
  const subscription = await subscriptions.createSubscription(
    {
      customerId,
      paymentMethodId: paymentMethod.id,
      price: teamMonthlyEur,
      seats,
      promoCode: null,
      trialEnd: null,
    },
    `subscribe-${crypto.randomUUID()}`,
  )
  return subscription
}

describe('The Stripe card and subscription providers (against a fake Stripe API)', () => {
  it('takes a business from a new customer to an active subscription with a promotion code', async () => {
    const from = fake.requests.length
    const customerId = await cards.createCustomer(customerDetails('DE123456789'), 'key-customer')
    expect(fake.customers.get(customerId)).toMatchObject({
      name: 'Muster AG',
      email: 'billing@muster.example',
      address: { line1: 'Bahnhofstrasse 1', city: 'Zürich', postal_code: '8001', country: 'CH' },
      metadata: { business_id: 'biz_1' },
      taxIds: [{ type: 'eu_vat', value: 'DE123456789' }],
    })

    const intent = await cards.createSetupIntent(customerId, 'key-setup')
    expect(intent.clientSecret).toMatch(/^seti_\d+_secret_/)
    expect(await cards.setupIntentPaymentMethod(intent.id, customerId)).toBeNull()
    fake.confirmSetupIntent(intent.id, visa)
    const paymentMethod = await cards.setupIntentPaymentMethod(intent.id, customerId)
    expect(paymentMethod).toEqual({
      id: expect.stringMatching(/^pm_/),
      kind: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    })
    const paymentMethodId = (paymentMethod as ProviderPaymentMethod).id

    await cards.setDefaultPaymentMethod(customerId, paymentMethodId, 'key-default')
    expect(fake.customers.get(customerId)?.defaultPaymentMethod).toBe(paymentMethodId)

    const input = {
      customerId,
      paymentMethodId,
      price: teamMonthlyEur,
      seats: 3,
      promoCode: 'WELCOME20',
      trialEnd: null,
    }
    const subscription = await subscriptions.createSubscription(input, 'key-subscribe')
    expect(subscription).toEqual({
      id: expect.stringMatching(/^sub_/),
      customerId,
      status: 'active',
      price: teamMonthlyEur,
      seats: 3,
      currentPeriodStart: new Date('2026-01-01T00:00:00Z'),
      currentPeriodEnd: new Date('2026-01-31T00:00:00Z'),
      cancelAtPeriodEnd: false,
      seatsAtPeriodEnd: null,
      promoCode: 'WELCOME20',
    })

    // A retry after a timeout sends the same key: Stripe answers the first result, no second subscription.
    expect(await subscriptions.createSubscription(input, 'key-subscribe')).toEqual(subscription)
    expect([...fake.subscriptions.values()].filter((s) => s.customer === customerId)).toHaveLength(1)

    const writes = fake.requests.slice(from).filter((request) => request.method === 'POST')
    expect(writes.map((request) => [request.path, request.idempotencyKey])).toEqual([
      ['/v1/customers', 'key-customer'],
      ['/v1/setup_intents', 'key-setup'],
      [`/v1/customers/${customerId}`, 'key-default'],
      ['/v1/subscriptions', 'key-subscribe'],
      ['/v1/subscriptions', 'key-subscribe'],
    ])
    expect(writes[1]?.params).toMatchObject({
      usage: 'off_session',
      allowed_payment_method_types: { 0: 'card', 1: 'sepa_debit' },
    })
    expect(writes[3]?.params).toMatchObject({
      items: { 0: { quantity: '3' } },
      default_payment_method: paymentMethodId,
      payment_behavior: 'error_if_incomplete',
      discounts: { 0: { promotion_code: 'promo_welcome' } },
    })
  })

  it('reads a promotion code with the plans it is limited to', async () => {
    expect(await subscriptions.findPromotion('WELCOME20')).toEqual({
      code: 'WELCOME20',
      percentOff: 20,
      amountOff: null,
      duration: 'repeating',
      durationInMonths: 3,
      plans: ['team', 'pro'],
      expiresAt: new Date('2026-06-30T00:00:00Z'),
    })
    expect(await subscriptions.findPromotion('CHF50')).toMatchObject({
      percentOff: null,
      amountOff: { currency: 'CHF', amount: 5000 },
      duration: 'once',
      plans: [],
      expiresAt: null,
    })
    expect(await subscriptions.findPromotion('EXPIRED')).toBeNull()
    expect(await subscriptions.findPromotion('NOSUCHCODE')).toBeNull()
  })

  it('lists the invoices, payment methods and portal link of a subscribed customer', async () => {
    const { customerId, paymentMethod } = await customerWithCard()
    const subscription = await subscriptions.createSubscription(
      {
        customerId,
        paymentMethodId: paymentMethod.id,
        price: teamMonthlyEur,
        seats: 3,
        promoCode: 'WELCOME20',
        trialEnd: null,
      },
      'key-invoiced',
    )
    expect(await subscriptions.listInvoices(customerId)).toEqual([
      {
        id: expect.stringMatching(/^in_/),
        number: expect.stringMatching(/^SIG-/),
        customerId,
        subscriptionId: subscription.id,
        status: 'paid',
        currency: 'EUR',
        subtotal: 3000,
        discount: 600,
        vatTreatment: 'swiss',
        vatRate: 810,
        tax: 194,
        total: 2594,
        createdAt: new Date('2026-01-01T00:00:00Z'),
        periodStart: new Date('2026-01-01T00:00:00Z'),
        periodEnd: new Date('2026-01-31T00:00:00Z'),
        lines: [{ description: '3 × Team (monthly)', quantity: 3, amount: 3000 }],
        pdfUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.test\/invoice\/in_\d+\/pdf$/),
      },
    ])

    const sepa = { type: 'sepa_debit', sepa_debit: { bank_code: '37040044', last4: '3000' } } as const
    const intent = await cards.createSetupIntent(customerId, 'key-sepa')
    fake.confirmSetupIntent(intent.id, sepa)
    expect(await cards.listPaymentMethods(customerId)).toEqual([
      paymentMethod,
      {
        id: expect.stringMatching(/^pm_/),
        kind: 'sepa_debit',
        brand: '37040044',
        last4: '3000',
        expMonth: null,
        expYear: null,
      },
    ])

    const url = await subscriptions.portalSessionUrl(customerId, 'https://app.signet.test/billing')
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/session\//)
    expect(fake.requests.at(-1)?.params).toEqual({
      customer: customerId,
      return_url: 'https://app.signet.test/billing',
    })
  })

  it('keeps a Swiss VAT number as ch_vat, and leaves tax ids alone on update', async () => {
    const customerId = await cards.createCustomer(customerDetails('CHE-123.456.789 MWST'), 'key-swiss')
    expect(fake.customers.get(customerId)?.taxIds).toEqual([
      { type: 'ch_vat', value: 'CHE-123.456.789 MWST' },
    ])

    await cards.updateCustomer(
      customerId,
      { ...customerDetails('CHE-999.999.999 MWST'), name: 'Muster GmbH' },
      'key-swiss-update',
    )
    expect(fake.customers.get(customerId)).toMatchObject({
      name: 'Muster GmbH',
      taxIds: [{ type: 'ch_vat', value: 'CHE-123.456.789 MWST' }],
    })
    expect(fake.requests.at(-1)?.params).not.toHaveProperty('tax_id_data')
  })

  it('reports a declined card as PaymentDeclinedError with the decline code, and subscribes no one', async () => {
    const { customerId, paymentMethod } = await customerWithCard({ ...visa, decline: 'insufficient_funds' })
    const attempt = subscriptions.createSubscription(
      {
        customerId,
        paymentMethodId: paymentMethod.id,
        price: teamMonthlyEur,
        seats: 1,
        promoCode: null,
        trialEnd: null,
      },
      'key-declined',
    )
    await expect(attempt).rejects.toBeInstanceOf(PaymentDeclinedError)
    await expect(attempt).rejects.toMatchObject({ declineCode: 'insufficient_funds' })
    expect([...fake.subscriptions.values()].filter((s) => s.customer === customerId)).toEqual([])
  })

  it('previews and charges more seats prorated from one date, and leaves fewer seats to the period end', async () => {
    const subscription = await subscribed(3)
    // Halfway through the 30-day period: 2 more seats at 10 EUR cost half of 20 EUR.
    const prorationDate = new Date('2026-01-16T00:00:00Z')
    const prorationSeconds = String(prorationDate.getTime() / 1000)

    expect(await subscriptions.previewSeats(subscription.id, 5, prorationDate)).toEqual({
      amountDue: 1000,
      lines: [
        { description: 'Unused time on 3 × Team (monthly)', quantity: 3, amount: -1500 },
        { description: 'Remaining time on 5 × Team (monthly)', quantity: 5, amount: 2500 },
      ],
    })
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/invoices/create_preview',
      params: {
        subscription: subscription.id,
        subscription_details: {
          items: { 0: { quantity: '5' } },
          proration_date: prorationSeconds,
          proration_behavior: 'always_invoice',
        },
      },
    })

    const more = await subscriptions.changeSeats(subscription.id, 5, prorationDate, 'key-seats-up')
    expect(more.seats).toBe(5)
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/${subscription.id}`,
      idempotencyKey: 'key-seats-up',
      params: {
        items: { 0: { quantity: '5' } },
        proration_behavior: 'always_invoice',
        proration_date: prorationSeconds,
        payment_behavior: 'error_if_incomplete',
      },
    })

    const before = fake.requests.length
    expect(await subscriptions.previewSeats(subscription.id, 2, prorationDate)).toEqual({
      amountDue: 0,
      lines: [],
    })
    expect(fake.requests.slice(before).map((request) => request.path)).not.toContain(
      '/v1/invoices/create_preview',
    )

    // Fewer seats wait for the period's end (a schedule, see below): the paid ones stay.
    const fewer = await subscriptions.changeSeats(subscription.id, 2, prorationDate, 'key-seats-down')
    expect(fewer).toMatchObject({ seats: 5, seatsAtPeriodEnd: 2 })
  })

  it('schedules fewer seats for the period end, takes the drop back, and bills fewer after renewal', async () => {
    const subscription = await subscribed(3)
    const at = new Date('2026-01-16T00:00:00Z')
    const periodEnd = String(Date.parse('2026-01-31T00:00:00Z') / 1000)
    const from = fake.requests.length
    const fewer = await subscriptions.changeSeats(subscription.id, 2, at, 'key-drop')
    expect(fewer).toMatchObject({ seats: 3, seatsAtPeriodEnd: 2 })
    const writes = fake.requests.slice(from).filter((request) => request.method === 'POST')
    expect(writes.map((request) => [request.path, request.idempotencyKey])).toEqual([
      ['/v1/subscription_schedules', 'key-drop:schedule'],
      [expect.stringMatching(/^\/v1\/subscription_schedules\/sub_sched_/), 'key-drop:phases'],
    ])
    expect(writes[0]?.params).toMatchObject({ from_subscription: subscription.id })
    expect(writes[1]?.params).toMatchObject({
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: {
        0: { items: { 0: { price: 'price_team_m_eur', quantity: '3' } }, end_date: periodEnd },
        1: { items: { 0: { price: 'price_team_m_eur', quantity: '2' } }, duration: { interval: 'month' } },
      },
    })
    expect(await subscriptions.retrieveSubscription(subscription.id)).toMatchObject({
      seats: 3,
      seatsAtPeriodEnd: 2,
    })
    // A retry with the same key changes nothing more.
    await subscriptions.changeSeats(subscription.id, 2, at, 'key-drop')
    expect([...fake.schedules.values()].filter((s) => s.subscription === subscription.id)).toHaveLength(1)

    // As many as paid: the schedule lets the subscription go, nothing is charged.
    const kept = await subscriptions.changeSeats(subscription.id, 3, at, 'key-keep')
    expect(kept).toMatchObject({ seats: 3, seatsAtPeriodEnd: null })
    expect(fake.requests.at(-2)).toMatchObject({
      path: expect.stringMatching(/\/release$/),
      idempotencyKey: 'key-keep:release',
    })

    // More than paid after a drop: released first, then bought now.
    await subscriptions.changeSeats(subscription.id, 1, at, 'key-drop-again')
    const more = await subscriptions.changeSeats(subscription.id, 4, at, 'key-more')
    expect(more).toMatchObject({ seats: 4, seatsAtPeriodEnd: null })
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/${subscription.id}`,
      idempotencyKey: 'key-more',
      params: { items: { 0: { quantity: '4' } }, proration_behavior: 'always_invoice' },
    })

    // A switch of price keeps the drop; the renewal then bills the fewer seats.
    await subscriptions.changeSeats(subscription.id, 2, at, 'key-drop-last')
    const switched = await subscriptions.changePrice(subscription.id, teamMonthlyEur, at, 'key-switch')
    expect(switched).toMatchObject({ seats: 4, seatsAtPeriodEnd: 2 })
    fake.renew(subscription.id)
    expect(await subscriptions.retrieveSubscription(subscription.id)).toMatchObject({
      seats: 2,
      seatsAtPeriodEnd: null,
      currentPeriodStart: new Date('2026-01-31T00:00:00Z'),
    })

    // Cancelling lets a schedule go first (Stripe refuses to cancel a scheduled subscription).
    await subscriptions.changeSeats(subscription.id, 1, new Date('2026-02-10T00:00:00Z'), 'key-drop-cancel')
    const cancelled = await subscriptions.setCancelAtPeriodEnd(subscription.id, true, 'key-cancel-scheduled')
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, seatsAtPeriodEnd: null })
  })

  it('previews a switch of price: credit for the unused time, charge for the new price, from one date', async () => {
    const subscription = await subscribed(3)
    const prorationDate = new Date('2026-01-16T00:00:00Z')
    const teamYearlyChf: PriceKey = { plan: 'team', cycle: 'yearly', currency: 'CHF' }
    // Half of 3 x 10 EUR unused; half of 3 x 100 CHF in the fake's simple proration.
    expect(await subscriptions.previewPrice(subscription.id, teamYearlyChf, prorationDate)).toEqual({
      credit: 1500,
      charge: 15000,
      amountDue: 13500,
    })
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/invoices/create_preview',
      params: {
        subscription: subscription.id,
        subscription_details: {
          items: { 0: { price: 'price_team_y_chf' } },
          proration_date: String(prorationDate.getTime() / 1000),
          proration_behavior: 'always_invoice',
        },
      },
    })
  })

  it('moves a subscription to another price, charging the difference from the preview date', async () => {
    const subscription = await subscribed(3)
    const prorationDate = new Date('2026-01-16T00:00:00Z')
    const moved = await subscriptions.changePrice(
      subscription.id,
      { plan: 'team', cycle: 'yearly', currency: 'CHF' },
      prorationDate,
      'key-price',
    )
    expect(moved).toMatchObject({ price: { plan: 'team', cycle: 'yearly', currency: 'CHF' }, seats: 3 })
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/${subscription.id}`,
      idempotencyKey: 'key-price',
      params: {
        items: { 0: { price: 'price_team_y_chf' } },
        proration_behavior: 'always_invoice',
        proration_date: String(prorationDate.getTime() / 1000),
        payment_behavior: 'error_if_incomplete',
      },
    })
  })

  it('cancels at the end of the period and takes the cancellation back', async () => {
    const subscription = await subscribed(2)

    const canceled = await subscriptions.setCancelAtPeriodEnd(subscription.id, true, 'key-cancel')
    expect(canceled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    expect(await subscriptions.retrieveSubscription(subscription.id)).toMatchObject({
      cancelAtPeriodEnd: true,
    })
    expect(fake.requests.at(-2)).toMatchObject({
      idempotencyKey: 'key-cancel',
      params: { cancel_at_period_end: 'true' },
    })

    const reactivated = await subscriptions.setCancelAtPeriodEnd(subscription.id, false, 'key-reactivate')
    expect(reactivated.cancelAtPeriodEnd).toBe(false)
    expect(await subscriptions.retrieveSubscription(subscription.id)).toEqual(reactivated)
  })
})

// ---------------------------------------------------------------------------------------------------------
// A fake of the Stripe REST API: the calls the adapter makes, with state kept in memory like Stripe keeps it.

type FakeCustomer = {
  id: string
  name: string
  email: string
  address: Params
  metadata: Params
  taxIds: { type: string; value: string }[]
  defaultPaymentMethod: string | null
}
type FakePaymentMethodInput =
  | {
      type: 'card'
      card: { brand: string; last4: string; exp_month: number; exp_year: number }
      decline?: string
    }
  | { type: 'sepa_debit'; sepa_debit: { bank_code: string; last4: string }; decline?: string }
type FakePaymentMethod = FakePaymentMethodInput & { id: string; customer: string }
type FakeSetupIntent = { id: string; customer: string; status: string; paymentMethod: string | null }
type FakePrice = {
  id: string
  lookupKey: string
  unitAmount: number
  currency: string
  days: number
  name: string
}
type FakeCoupon = {
  id: string
  percent_off: number | null
  amount_off: number | null
  currency: string | null
  duration: string
  duration_in_months: number | null
  metadata: Record<string, string>
  valid: boolean
}
type FakePromotion = {
  id: string
  code: string
  active: boolean
  expiresAt: number | null
  coupon: FakeCoupon
}
type FakeSubscription = {
  id: string
  customer: string
  itemId: string
  price: FakePrice
  quantity: number
  periodStart: number
  periodEnd: number
  cancelAtPeriodEnd: boolean
  promotion: FakePromotion | null
  schedule: FakeSchedule | null
}
type FakePhase = { start: number; end: number; price: FakePrice; quantity: number }
type FakeSchedule = { id: string; subscription: string; status: string; phases: FakePhase[] }

type FakeStripe = {
  port: number
  requests: StripeRequest[]
  customers: Map<string, FakeCustomer>
  subscriptions: Map<string, FakeSubscription>
  schedules: Map<string, FakeSchedule>
  /** Stripe's clock passes the period's end: the next phase of a schedule applies, then it lets go. */
  renew(subscriptionId: string): void
  /** What the browser does with Stripe.js: confirms the intent with a new payment method. */
  confirmSetupIntent(id: string, method: FakePaymentMethodInput): void
  close(): Promise<void>
}

/** Stripe's clock in the fake: every subscription starts at 2026-01-01. */
const fakeNow = Date.parse('2026-01-01T00:00:00Z') / 1000
const day = 24 * 60 * 60
/** VAT the fake adds to invoices, in basis points, so that amounts before and after VAT differ. */
const fakeVatBasisPoints = 810

async function startFakeStripe(): Promise<FakeStripe> {
  let counter = 0
  const nextId = (prefix: string) => `${prefix}_${++counter}`
  const customers = new Map<string, FakeCustomer>()
  const paymentMethods = new Map<string, FakePaymentMethod>()
  const setupIntents = new Map<string, FakeSetupIntent>()
  const subscriptions = new Map<string, FakeSubscription>()
  const schedules = new Map<string, FakeSchedule>()
  const invoices: Record<string, unknown>[] = []
  const prices: FakePrice[] = [
    {
      id: 'price_team_m_eur',
      lookupKey: 'team_monthly_eur',
      unitAmount: 1000,
      currency: 'eur',
      days: 30,
      name: 'Team',
    },
    {
      id: 'price_team_y_chf',
      lookupKey: 'team_yearly_chf',
      unitAmount: 10000,
      currency: 'chf',
      days: 365,
      name: 'Team',
    },
  ]
  const coupon = (fields: Partial<FakeCoupon> & { id: string }): FakeCoupon => ({
    percent_off: null,
    amount_off: null,
    currency: null,
    duration: 'once',
    duration_in_months: null,
    metadata: {},
    valid: true,
    ...fields,
  })
  const promotions: FakePromotion[] = [
    {
      id: 'promo_welcome',
      code: 'WELCOME20',
      active: true,
      expiresAt: Date.parse('2026-06-30T00:00:00Z') / 1000,
      coupon: coupon({
        id: 'co_welcome',
        percent_off: 20,
        duration: 'repeating',
        duration_in_months: 3,
        metadata: { plans: 'team, pro' },
      }),
    },
    {
      id: 'promo_chf50',
      code: 'CHF50',
      active: true,
      expiresAt: null,
      coupon: coupon({ id: 'co_chf50', amount_off: 5000, currency: 'chf' }),
    },
    {
      id: 'promo_expired',
      code: 'EXPIRED',
      active: false,
      expiresAt: null,
      coupon: coupon({ id: 'co_old' }),
    },
  ]

  const ok = (body: unknown): Reply => ({ status: 200, body })
  const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: '/v1/list' })

  const priceJson = (price: FakePrice) => ({
    id: price.id,
    object: 'price',
    active: true,
    currency: price.currency,
    lookup_key: price.lookupKey,
    unit_amount: price.unitAmount,
    recurring: { interval: price.days === 30 ? 'month' : 'year', interval_count: 1 },
  })
  const couponJson = (c: FakeCoupon) => ({ object: 'coupon', ...c })
  const promotionJson = (promotion: FakePromotion, expandCoupon: boolean) => ({
    id: promotion.id,
    object: 'promotion_code',
    active: promotion.active,
    code: promotion.code,
    expires_at: promotion.expiresAt,
    metadata: {},
    promotion: { type: 'coupon', coupon: expandCoupon ? couponJson(promotion.coupon) : promotion.coupon.id },
  })
  const paymentMethodJson = ({ decline: _decline, ...method }: FakePaymentMethod) => ({
    object: 'payment_method',
    ...method,
  })
  const subscriptionJson = (subscription: FakeSubscription, expand: string[]) => {
    const { promotion } = subscription
    const discount = promotion && {
      id: `di_${subscription.id}`,
      object: 'discount',
      promotion_code: expand.includes('discounts.promotion_code')
        ? promotionJson(promotion, false)
        : promotion.id,
      source: { type: 'coupon', coupon: promotion.coupon.id },
      subscription: subscription.id,
    }
    const { schedule } = subscription
    return {
      id: subscription.id,
      object: 'subscription',
      schedule: schedule && expand.includes('schedule') ? scheduleJson(schedule) : (schedule?.id ?? null),
      customer: subscription.customer,
      status: 'active',
      cancel_at_period_end: subscription.cancelAtPeriodEnd,
      // Unexpanded, Stripe lists a subscription's discounts by id.
      discounts: discount
        ? [expand.some((path) => path.startsWith('discounts')) ? discount : discount.id]
        : [],
      items: list([
        {
          id: subscription.itemId,
          object: 'subscription_item',
          price: priceJson(subscription.price),
          quantity: subscription.quantity,
          current_period_start: subscription.periodStart,
          current_period_end: subscription.periodEnd,
          subscription: subscription.id,
        },
      ]),
    }
  }
  const scheduleJson = (schedule: FakeSchedule) => ({
    id: schedule.id,
    object: 'subscription_schedule',
    status: schedule.status,
    subscription: schedule.subscription,
    end_behavior: 'release',
    phases: schedule.phases.map((phase) => ({
      start_date: phase.start,
      end_date: phase.end,
      items: [{ price: phase.price.id, quantity: phase.quantity }],
    })),
  })
  const lineJson = (description: string, quantity: number, amount: number) => ({
    id: nextId('il'),
    object: 'line_item',
    description,
    quantity,
    amount,
  })
  const vatOf = (amount: number) => Math.round((amount * fakeVatBasisPoints) / 10_000)

  /** The first invoice of a new subscription, paid at once. */
  function firstInvoice(subscription: FakeSubscription) {
    const { price, quantity, promotion } = subscription
    const subtotal = price.unitAmount * quantity
    const discount = Math.round((subtotal * (promotion?.coupon.percent_off ?? 0)) / 100)
    const tax = vatOf(subtotal - discount)
    const id = nextId('in')
    invoices.push({
      id,
      object: 'invoice',
      number: `SIG-${String(invoices.length + 1).padStart(4, '0')}`,
      customer: subscription.customer,
      customer_address: customers.get(subscription.customer)?.address ?? null,
      status: 'paid',
      currency: price.currency,
      subtotal,
      total_discount_amounts: discount ? [{ amount: discount, discount: `di_${subscription.id}` }] : [],
      total_taxes: [{ amount: tax, tax_behavior: 'exclusive', taxability_reason: 'standard_rated' }],
      total: subtotal - discount + tax,
      amount_due: subtotal - discount + tax,
      created: fakeNow,
      period_start: subscription.periodStart,
      period_end: subscription.periodEnd,
      lines: list([lineJson(`${quantity} × ${price.name} (monthly)`, quantity, subtotal)]),
      invoice_pdf: `https://pay.stripe.test/invoice/${id}/pdf`,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    })
  }

  function createSubscription(params: Params): Reply {
    const customer = customers.get(text(params.customer))
    const [item] = entries(params.items)
    const price = prices.find((p) => p.id === text(item?.price))
    const method = paymentMethods.get(text(params.default_payment_method))
    if (!customer || !price || !method || !item) return notFound('customer, price or payment method')
    if (method.decline) {
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: method.decline,
            message: 'Your card has insufficient funds.',
          },
        },
      }
    }
    const promotionId = text(entries(params.discounts)[0]?.promotion_code)
    const subscription: FakeSubscription = {
      id: nextId('sub'),
      customer: customer.id,
      itemId: nextId('si'),
      price,
      quantity: Number(text(item.quantity)),
      periodStart: fakeNow,
      periodEnd: fakeNow + price.days * day,
      cancelAtPeriodEnd: false,
      promotion: promotions.find((p) => p.id === promotionId) ?? null,
      schedule: null,
    }
    subscriptions.set(subscription.id, subscription)
    firstInvoice(subscription)
    return ok(subscriptionJson(subscription, expandOf(params)))
  }

  function scheduleRoute(path: string, params: Params): Reply | null {
    if (path === '/v1/subscription_schedules') {
      const subscription = subscriptions.get(text(params.from_subscription))
      if (!subscription) return notFound('subscription')
      if (subscription.schedule) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'already managed by a schedule' } },
        }
      }
      const { periodStart: start, periodEnd: end, price, quantity } = subscription
      const schedule: FakeSchedule = {
        id: nextId('sub_sched'),
        subscription: subscription.id,
        status: 'active',
        phases: [{ start, end, price, quantity }],
      }
      schedules.set(schedule.id, schedule)
      subscription.schedule = schedule
      return ok(scheduleJson(schedule))
    }
    const [, id, release] = path.match(/^\/v1\/subscription_schedules\/([A-Za-z0-9_]+)(\/release)?$/) ?? []
    const schedule = schedules.get(text(id))
    if (id === undefined) return null
    if (schedule?.status !== 'active') return notFound('subscription schedule')
    const subscription = subscriptions.get(schedule.subscription)
    if (!subscription) return notFound('subscription')
    if (release) {
      schedule.status = 'released'
      subscription.schedule = null
      return ok(scheduleJson(schedule))
    }
    let start = subscription.periodStart
    schedule.phases = entries(params.phases).map((phase) => {
      const [item] = entries(phase.items)
      const price = prices.find((p) => p.id === text(item?.price)) ?? subscription.price
      const begins = phase.start_date === undefined ? start : Number(text(phase.start_date))
      const end = phase.end_date === undefined ? begins + price.days * day : Number(text(phase.end_date))
      start = end
      return { start: begins, end, price, quantity: Number(text(item?.quantity)) }
    })
    return ok(scheduleJson(schedule))
  }

  function updateSubscription(subscription: FakeSubscription, params: Params): Reply {
    if (subscription.schedule && params.cancel_at_period_end !== undefined) {
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: 'managed by a subscription schedule' } },
      }
    }
    const [item] = entries(params.items)
    if (item) {
      if (text(item.id) !== subscription.itemId) return notFound('subscription item')
      if (item.quantity !== undefined) subscription.quantity = Number(text(item.quantity))
      if (item.price !== undefined) {
        const price = prices.find((p) => p.id === text(item.price))
        if (price === undefined) return notFound('price')
        subscription.price = price
      }
    }
    if (params.cancel_at_period_end !== undefined) {
      subscription.cancelAtPeriodEnd = params.cancel_at_period_end === 'true'
    }
    return ok(subscriptionJson(subscription, expandOf(params)))
  }

  /** The proration invoice Stripe would issue for a seat change at `proration_date` (`always_invoice`). */
  function previewInvoice(params: Params): Reply {
    const subscription = subscriptions.get(text(params.subscription))
    const details = object(params.subscription_details)
    const [item] = entries(details.items)
    if (!subscription || !item) return notFound('subscription')
    const { price, quantity, periodStart, periodEnd } = subscription
    const newQuantity = item.quantity === undefined ? quantity : Number(text(item.quantity))
    const newPrice = prices.find((p) => p.id === text(item.price)) ?? price
    const remaining = (periodEnd - Number(text(details.proration_date))) / (periodEnd - periodStart)
    const unused = -Math.round(price.unitAmount * quantity * remaining)
    const added = Math.round(newPrice.unitAmount * newQuantity * remaining)
    const tax = vatOf(unused + added)
    return ok({
      id: 'upcoming_in',
      object: 'invoice',
      customer: subscription.customer,
      currency: price.currency,
      amount_due: unused + added + tax,
      total_taxes: [{ amount: tax, tax_behavior: 'exclusive', taxability_reason: 'standard_rated' }],
      lines: list([
        lineJson(`Unused time on ${quantity} × ${price.name} (monthly)`, quantity, unused),
        lineJson(`Remaining time on ${newQuantity} × ${price.name} (monthly)`, newQuantity, added),
      ]),
    })
  }

  function route(method: string, path: string, params: Params): Reply {
    const [, resource, id] = path.match(/^\/v1\/([a-z_]+(?:\/[a-z_]+)?)(?:\/([A-Za-z0-9_]+))?$/) ?? []
    const expand = expandOf(params)
    switch (`${method} ${resource}${id ? '/:id' : ''}`) {
      case 'POST customers': {
        const customer: FakeCustomer = {
          id: nextId('cus'),
          name: text(params.name),
          email: text(params.email),
          address: object(params.address),
          metadata: object(params.metadata),
          taxIds: entries(params.tax_id_data).map((tax) => ({
            type: text(tax.type),
            value: text(tax.value),
          })),
          defaultPaymentMethod: null,
        }
        customers.set(customer.id, customer)
        return ok({ id: customer.id, object: 'customer' })
      }
      case 'POST customers/:id': {
        const customer = customers.get(text(id))
        if (!customer) return notFound('customer')
        if (params.name !== undefined) customer.name = text(params.name)
        if (params.email !== undefined) customer.email = text(params.email)
        if (params.address !== undefined) customer.address = object(params.address)
        if (params.metadata !== undefined) customer.metadata = object(params.metadata)
        const settings = object(params.invoice_settings)
        if (settings.default_payment_method !== undefined) {
          customer.defaultPaymentMethod = text(settings.default_payment_method)
        }
        return ok({ id: customer.id, object: 'customer' })
      }
      case 'POST setup_intents': {
        const intent = {
          id: nextId('seti'),
          customer: text(params.customer),
          status: 'requires_payment_method',
        }
        setupIntents.set(intent.id, { ...intent, paymentMethod: null })
        return ok({
          ...intent,
          object: 'setup_intent',
          client_secret: `${intent.id}_secret_fake`,
          payment_method: null,
        })
      }
      case 'GET setup_intents/:id': {
        const intent = setupIntents.get(text(id))
        if (!intent) return notFound('setup intent')
        const method = intent.paymentMethod === null ? undefined : paymentMethods.get(intent.paymentMethod)
        return ok({
          id: intent.id,
          object: 'setup_intent',
          customer: intent.customer,
          status: intent.status,
          payment_method:
            method && expand.includes('payment_method') ? paymentMethodJson(method) : (method?.id ?? null),
        })
      }
      case 'GET payment_methods': {
        const customer = text(params.customer)
        return ok(
          list([...paymentMethods.values()].filter((m) => m.customer === customer).map(paymentMethodJson)),
        )
      }
      case 'POST billing_portal/sessions':
        return ok({
          id: nextId('bps'),
          object: 'billing_portal.session',
          customer: text(params.customer),
          return_url: text(params.return_url),
          url: `https://billing.stripe.test/session/${counter}`,
        })
      case 'GET prices': {
        const keys = Object.values(object(params.lookup_keys))
        return ok(list(prices.filter((price) => keys.includes(price.lookupKey)).map(priceJson)))
      }
      case 'GET promotion_codes': {
        const found = promotions.filter(
          (p) =>
            p.code === text(params.code) &&
            (params.active === undefined || String(p.active) === params.active),
        )
        return ok(list(found.map((p) => promotionJson(p, expand.includes('data.promotion.coupon')))))
      }
      case 'POST subscriptions':
        return createSubscription(params)
      case 'GET subscriptions/:id':
      case 'POST subscriptions/:id': {
        const subscription = subscriptions.get(text(id))
        if (!subscription) return notFound('subscription')
        return method === 'GET'
          ? ok(subscriptionJson(subscription, expand))
          : updateSubscription(subscription, params)
      }
      case 'POST invoices/create_preview':
        return previewInvoice(params)
      case 'GET invoices':
        return ok(list(invoices.filter((invoice) => invoice.customer === text(params.customer))))
      default:
        return notFound(`route ${method} ${path}`)
    }
  }

  const server = await startStripeAnsweringServer(
    (method, path, params) =>
      (method === 'POST' && path.startsWith('/v1/subscription_schedules')
        ? scheduleRoute(path, params)
        : null) ?? route(method, path, params),
  )

  return {
    port: server.port,
    requests: server.requests,
    customers,
    subscriptions,
    schedules,
    renew(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId)
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`)
      const { schedule } = subscription
      const next = schedule?.phases.find((phase) => phase.start >= subscription.periodEnd)
      if (schedule && next) {
        subscription.quantity = next.quantity
        subscription.price = next.price
        schedule.status = 'released'
        subscription.schedule = null
      }
      subscription.periodStart = subscription.periodEnd
      subscription.periodEnd += subscription.price.days * day
    },
    confirmSetupIntent(id, input) {
      const intent = setupIntents.get(id)
      if (!intent) throw new Error(`no setup intent ${id}`)
      const method: FakePaymentMethod = { ...input, id: nextId('pm'), customer: intent.customer }
      paymentMethods.set(method.id, method)
      intent.status = 'succeeded'
      intent.paymentMethod = method.id
    },
    close: server.close,
  }
}

function object(value: string | Params | undefined): Params {
  return typeof value === 'object' ? value : {}
}

/** The entries of an indexed list (`items[0]`, `items[1]`) in order. */
function entries(value: string | Params | undefined): Params[] {
  return Object.values(object(value)).map(object)
}

function expandOf(params: Params): string[] {
  return Object.values(object(params.expand)).map(text)
}
