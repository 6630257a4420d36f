import Stripe from 'stripe'
import { type BillingCycle, billingCycles, type Currency, currencies } from '../../../contract/price-plans.ts'
import { vatBasisPoints, vatTreatment } from '../../../machines/business-payment/vat.ts'
import {
  type CardProvider,
  PaymentDeclinedError,
  type PriceKey,
  type ProviderCustomerDetails,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderInvoiceLine,
  type ProviderPaymentMethod,
  type ProviderPriceChange,
  type ProviderPromotion,
  type ProviderProration,
  type ProviderSetupIntent,
  type ProviderSubscription,
  providerSubscriptionStatuses,
  type SubscriptionProvider,
} from './billing-provider.ts'
import { identificationPaymentMetadata } from './charge-provider.ts'

/**
 * The API version this adapter is written against, spelled out rather than taken from the SDK: an SDK upgrade
 * that pins another version then fails the type check here instead of silently changing what Stripe sends.
 */
const apiVersion = '2026-10-28.endive'

/** How to reach Stripe; `host`, `port` and `protocol` only point tests at a local server. */
export type StripeBillingOptions = {
  /** The secret API key (`sk_live_…`, `sk_test_…`). */
  secretKey: string
  /** The publishable key handed to Stripe Elements in the browser (`pk_…`). */
  publishableKey: string
  /** The signing secret of the webhook endpoint (`whsec_…`). */
  webhookSecret: string
  /** @default 'api.stripe.com' */
  host?: string
  /** @default 443 */
  port?: number
  /** @default 'https' */
  protocol?: 'http' | 'https'
}

/** A Stripe webhook whose signature is missing, does not match, or is too old. */
export class WebhookSignatureError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.name = 'WebhookSignatureError'
  }
}

/** The card and subscription provider on Stripe: customers, SetupIntents, per-seat subscriptions, invoices. */
export class StripeBillingProvider implements CardProvider, SubscriptionProvider {
  readonly name = 'stripe'
  readonly publishableKey: string
  private readonly stripe: Stripe
  private readonly webhookSecret: string
  /** Price ids by lookup key: prices are created once in the dashboard and never change their key. */
  private readonly priceIds = new Map<string, string>()

  constructor(options: StripeBillingOptions) {
    this.publishableKey = options.publishableKey
    this.webhookSecret = options.webhookSecret
    this.stripe = new Stripe(options.secretKey, {
      apiVersion,
      maxNetworkRetries: 2,
      host: options.host,
      port: options.port,
      protocol: options.protocol,
    })
  }

  async createCustomer(details: ProviderCustomerDetails, idempotencyKey: string): Promise<string> {
    const vat = details.vat.trim()
    const customer = await this.stripe.customers.create(
      {
        ...customerParams(details),
        tax_id_data: vat === '' ? undefined : [{ type: vatType(vat), value: vat }],
      },
      { idempotencyKey },
    )
    return customer.id
  }

  async updateCustomer(
    customerId: string,
    details: ProviderCustomerDetails,
    idempotencyKey: string,
  ): Promise<void> {
    // Tax ids are separate objects at Stripe (created or deleted, never updated), so a changed VAT number
    // is not carried over here.
    await this.stripe.customers.update(customerId, customerParams(details), { idempotencyKey })
  }

  async createSetupIntent(customerId: string, idempotencyKey: string): Promise<ProviderSetupIntent> {
    const intent = await this.stripe.setupIntents.create(
      {
        customer: customerId,
        usage: 'off_session',
        // Named `payment_method_types` before API version 2026-09-30.
        allowed_payment_method_types: ['card', 'sepa_debit'],
      },
      { idempotencyKey },
    )
    if (intent.client_secret === null) throw new Error(`setup intent ${intent.id} has no client secret`)
    return { id: intent.id, clientSecret: intent.client_secret }
  }

  async setupIntentPaymentMethod(
    setupIntentId: string,
    customerId: string,
  ): Promise<ProviderPaymentMethod | null> {
    const intent = await this.stripe.setupIntents
      .retrieve(setupIntentId, { expand: ['payment_method'] })
      .catch((error: unknown) => {
        // An id that is not a setup intent of this account is no confirmed payment method, not a failure.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return null
        throw error
      })
    const owner = typeof intent?.customer === 'string' ? intent.customer : intent?.customer?.id
    if (intent === null || intent.status !== 'succeeded' || owner !== customerId) return null
    const method = typeof intent.payment_method === 'object' ? intent.payment_method : null
    const mapped = method && toPaymentMethod(method)
    if (!mapped) throw new Error(`setup intent ${setupIntentId} confirmed no card or SEPA debit`)
    return mapped
  }

  async setDefaultPaymentMethod(
    customerId: string,
    paymentMethodId: string,
    idempotencyKey: string,
  ): Promise<void> {
    // The SetupIntent already attached the method to the customer; this only makes renewals use it.
    await this.stripe.customers.update(
      customerId,
      { invoice_settings: { default_payment_method: paymentMethodId } },
      { idempotencyKey },
    )
    // Stripe would only retry an unpaid renewal on its own schedule: the admin who gave a new card expects
    // the debt paid now. A card that fails again leaves the invoice open; the webhook reports it.
    const open = await this.stripe.invoices.list({ customer: customerId, status: 'open', limit: 10 })
    for (const invoice of open.data) {
      if (!invoice.id) continue
      await declinesAsPaymentDeclined(
        this.stripe.invoices.pay(
          invoice.id,
          { payment_method: paymentMethodId },
          { idempotencyKey: `${idempotencyKey}:${invoice.id}` },
        ),
      ).catch((error: unknown) => {
        if (!(error instanceof PaymentDeclinedError)) throw error
      })
    }
  }

  async defaultPaymentMethod(customerId: string): Promise<string | null> {
    const customer = await this.stripe.customers.retrieve(customerId)
    if (customer.deleted) return null
    const method = customer.invoice_settings.default_payment_method
    return typeof method === 'string' ? method : (method?.id ?? null)
  }

  async listPaymentMethods(customerId: string): Promise<ProviderPaymentMethod[]> {
    // Without `type` Stripe lists every kind; only the two we set up are kept.
    const methods = await this.stripe.paymentMethods.list({ customer: customerId, limit: 100 })
    return methods.data.flatMap((method) => toPaymentMethod(method) ?? [])
  }

  customerSessionUrl(customerId: string, returnUrl: string): Promise<string> {
    return this.portalUrl(customerId, returnUrl)
  }

  portalSessionUrl(customerId: string, returnUrl: string): Promise<string> {
    return this.portalUrl(customerId, returnUrl)
  }

  async findPromotion(code: string): Promise<ProviderPromotion | null> {
    const found = await this.promotionCode(code)
    return found && toPromotion(found.promotion, found.coupon)
  }

  async createSubscription(
    input: {
      customerId: string
      paymentMethodId: string
      price: PriceKey
      seats: number
      promoCode: string | null
      trialEnd: Date | null
    },
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const promotion = input.promoCode === null ? null : await this.promotionCode(input.promoCode)
    if (input.promoCode !== null && promotion === null) {
      throw new Error(`promotion code ${input.promoCode} is not active`)
    }
    const subscription = await declinesAsPaymentDeclined(
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: await this.priceId(input.price), quantity: input.seats }],
          default_payment_method: input.paymentMethodId,
          // A failed first charge answers 402 and leaves no incomplete subscription behind.
          payment_behavior: 'error_if_incomplete',
          // The rest of the business's trial: Stripe charges the first period when it ends.
          trial_end: input.trialEnd === null ? undefined : unixSeconds(input.trialEnd),
          discounts: promotion ? [{ promotion_code: promotion.promotion.id }] : undefined,
          proration_behavior: 'create_prorations',
          expand: subscriptionExpand,
        },
        { idempotencyKey },
      ),
    )
    return toSubscription(subscription)
  }

  async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return toSubscription(await this.subscription(subscriptionId))
  }

  async previewSeats(subscriptionId: string, seats: number, prorationDate: Date): Promise<ProviderProration> {
    const subscription = await this.subscription(subscriptionId)
    const item = onlyItem(subscription)
    // Fewer seats cost nothing now: the next renewal simply bills fewer.
    if (seats <= (item.quantity ?? 1)) return { amountDue: 0, lines: [] }
    const invoice = await this.stripe.invoices.createPreview({
      customer: idOf(subscription.customer),
      subscription: subscriptionId,
      subscription_details: {
        items: [{ id: item.id, quantity: seats }],
        proration_date: unixSeconds(prorationDate),
        proration_behavior: 'always_invoice',
      },
    })
    // The interface promises an amount before VAT; with Stripe Tax on, amount_due would include it.
    return {
      amountDue: invoice.amount_due - sumAmounts(invoice.total_taxes),
      lines: invoice.lines.data.map(toLine),
    }
  }

  async changeSeats(
    subscriptionId: string,
    seats: number,
    prorationDate: Date,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const current = await this.subscription(subscriptionId)
    const paid = onlyItem(current).quantity ?? 1
    // Fewer seats: the paid ones stay until the period ends, and a schedule's next phase bills fewer.
    if (seats < paid) return this.scheduleSeats(current, seats, idempotencyKey)
    // As many or more: a drop scheduled before is taken back first (the schedule lets the subscription go).
    const released = await this.releaseSchedule(current, `${idempotencyKey}:release`)
    if (seats === paid) return toSubscription(released)
    const subscription = await declinesAsPaymentDeclined(
      this.stripe.subscriptions.update(
        subscriptionId,
        {
          items: [{ id: onlyItem(released).id, quantity: seats }],
          // Charged at once, prorated from the same moment the preview used, so the customer pays what was
          // shown; a declined charge answers 402 and leaves the seats as they were.
          proration_behavior: 'always_invoice',
          proration_date: unixSeconds(prorationDate),
          payment_behavior: 'error_if_incomplete',
          expand: subscriptionExpand,
        },
        { idempotencyKey },
      ),
    )
    return toSubscription(subscription)
  }

  /**
   * Stripe's way to change a quantity at the period's end: a subscription schedule (made from the
   * subscription, or the one it has) whose current phase ends with the period, unchanged, and whose next
   * phase bills `seats`; then the schedule releases the subscription. Nothing is prorated or refunded.
   */
  private async scheduleSeats(
    subscription: Stripe.Subscription,
    seats: number,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const item = onlyItem(subscription)
    const scheduleId = subscription.schedule
      ? idOf(subscription.schedule)
      : (
          await this.stripe.subscriptionSchedules.create(
            { from_subscription: subscription.id },
            { idempotencyKey: `${idempotencyKey}:schedule` },
          )
        ).id
    const interval = item.price.recurring?.interval === 'year' ? 'year' : 'month'
    await this.stripe.subscriptionSchedules.update(
      scheduleId,
      {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          {
            items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            discounts: scheduleDiscounts(subscription.discounts),
          },
          {
            items: [{ price: item.price.id, quantity: seats }],
            duration: { interval, interval_count: 1 },
            discounts: scheduleDiscounts(subscription.discounts),
          },
        ],
      },
      { idempotencyKey: `${idempotencyKey}:phases` },
    )
    return toSubscription(await this.subscription(subscription.id))
  }

  /** Lets the subscription go from its schedule (a drop of seats waiting for the period's end), if any. */
  private async releaseSchedule(
    subscription: Stripe.Subscription,
    idempotencyKey: string,
  ): Promise<Stripe.Subscription> {
    if (!subscription.schedule) return subscription
    await this.stripe.subscriptionSchedules.release(
      idOf(subscription.schedule),
      { preserve_cancel_date: true },
      { idempotencyKey },
    )
    return this.subscription(subscription.id)
  }

  async previewPrice(
    subscriptionId: string,
    price: PriceKey,
    prorationDate: Date,
  ): Promise<ProviderPriceChange> {
    const subscription = await this.subscription(subscriptionId)
    const item = onlyItem(subscription)
    // The invoice Stripe would issue for the switch made the way `changePrice` makes it.
    const invoice = await this.stripe.invoices.createPreview({
      customer: idOf(subscription.customer),
      subscription: subscriptionId,
      subscription_details: {
        items: [{ id: item.id, price: await this.priceId(price) }],
        proration_date: unixSeconds(prorationDate),
        proration_behavior: 'always_invoice',
      },
    })
    // Credits for unused time are the negative lines; the new price's time (prorated, or a whole new period
    // for another cycle) the positive ones. Amounts before VAT, which we add by the billing country.
    const amounts = invoice.lines.data.map((line) => line.amount)
    const credit = -amounts.filter((amount) => amount < 0).reduce((sum, amount) => sum + amount, 0)
    const charge = amounts.filter((amount) => amount > 0).reduce((sum, amount) => sum + amount, 0)
    return { credit, charge, amountDue: Math.max(0, charge - credit) }
  }

  async changePrice(
    subscriptionId: string,
    price: PriceKey,
    prorationDate: Date,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const current = await this.subscription(subscriptionId)
    const dropTo = scheduledSeats(current)
    // A schedule would put the old price back at its next phase: it lets go first, and the drop of seats it
    // held is scheduled again on the new price.
    const released = await this.releaseSchedule(current, `${idempotencyKey}:release`)
    const item = onlyItem(released)
    const subscription = await declinesAsPaymentDeclined(
      this.stripe.subscriptions.update(
        subscriptionId,
        {
          items: [{ id: item.id, price: await this.priceId(price) }],
          // The difference is charged now, from the moment the admin saw it; a new interval starts a new period.
          proration_behavior: 'always_invoice',
          proration_date: unixSeconds(prorationDate),
          payment_behavior: 'error_if_incomplete',
          expand: subscriptionExpand,
        },
        { idempotencyKey },
      ),
    )
    if (dropTo === null) return toSubscription(subscription)
    return this.scheduleSeats(subscription, dropTo, `${idempotencyKey}:seats`)
  }

  async cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<void> {
    await this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey })
  }

  async setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    // Stripe refuses to cancel a subscription its schedule manages; an ending subscription drops no seats.
    const current = cancel
      ? await this.releaseSchedule(await this.subscription(subscriptionId), `${idempotencyKey}:release`)
      : null
    const subscription = await this.stripe.subscriptions.update(
      current?.id ?? subscriptionId,
      { cancel_at_period_end: cancel, expand: subscriptionExpand },
      { idempotencyKey },
    )
    return toSubscription(subscription)
  }

  async listInvoices(customerId: string): Promise<ProviderInvoice[]> {
    const invoices = await this.stripe.invoices
      .list({ customer: customerId, limit: 100 })
      .autoPagingToArray({ limit: 10_000 })
    return invoices.map((invoice) => toInvoice(invoice, customerId))
  }

  /** Checks a webhook delivery with this provider's signing secret; see {@link verifyStripeWebhook}. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined, now: Date): ProviderEvent {
    return verifyStripeWebhook(rawBody, signatureHeader, this.webhookSecret, now)
  }

  private async portalUrl(customerId: string, returnUrl: string): Promise<string> {
    // A portal session only grants a short-lived link, so a duplicate is harmless and needs no key of ours.
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    })
    return session.url
  }

  private async priceId(price: PriceKey): Promise<string> {
    const key = lookupKey(price)
    const cached = this.priceIds.get(key)
    if (cached !== undefined) return cached
    const prices = await this.stripe.prices.list({ lookup_keys: [key], active: true })
    const id = prices.data[0]?.id
    if (id === undefined) throw new Error(`no active Stripe price with lookup key ${key}`)
    this.priceIds.set(key, id)
    return id
  }

  /** The active promotion code and its coupon, or null when there is none or its coupon can't be redeemed. */
  private async promotionCode(
    code: string,
  ): Promise<{ promotion: Stripe.PromotionCode; coupon: Stripe.Coupon } | null> {
    const codes = await this.stripe.promotionCodes.list({
      code,
      active: true,
      limit: 1,
      // The coupon moved under `promotion` in API version 2025-09-30.
      expand: ['data.promotion.coupon'],
    })
    const promotion = codes.data[0]
    const coupon = promotion?.promotion.coupon
    if (!promotion || !coupon || typeof coupon === 'string' || !coupon.valid) return null
    return { promotion, coupon }
  }

  private subscription(subscriptionId: string): Promise<Stripe.Subscription> {
    return this.stripe.subscriptions.retrieve(subscriptionId, { expand: subscriptionExpand })
  }
}

/**
 * Checks the `Stripe-Signature` header of a webhook delivery (HMAC-SHA256 of `<t>.<body>`, and `t` within
 * `toleranceSeconds` of `now`, before or after) and reads which customer and subscription the event concerns.
 * Throws {@link WebhookSignatureError} when the header is missing, does not match, or is too old or too new.
 */
export function verifyStripeWebhook(
  rawBody: string,
  signatureHeader: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = 300,
): ProviderEvent {
  if (!signatureHeader) throw new WebhookSignatureError('the webhook has no Stripe-Signature header')
  let event: Stripe.Event
  try {
    // The last argument is the clock (in milliseconds) the timestamp's age is measured against.
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      toleranceSeconds,
      undefined,
      now.getTime(),
    )
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new WebhookSignatureError(error.message, { cause: error })
    }
    throw error
  }
  // constructEvent bounds only the event's age: a delivery dated an hour ahead passed, and could be replayed for
  // that hour and the tolerance. Its signed timestamp is the header's last `t=`, as Stripe's parser reads it.
  const signedAt = Number.parseInt(
    signatureHeader
      .split(',')
      .findLast((item) => item.startsWith('t='))
      ?.slice(2) ?? '',
    10,
  )
  if (signedAt - now.getTime() / 1000 > toleranceSeconds)
    throw new WebhookSignatureError('Timestamp outside the tolerance zone (in the future)')
  return toEvent(event)
}

/** The fields of an event's object that tell whose subscription changed; the rest varies by type. */
type EventObject = {
  object: string
  id?: string
  customer?: string | { id: string } | null
  parent?: { subscription_details?: { subscription: string | { id: string } } | null } | null
  metadata?: Record<string, string> | null
}

function toEvent(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as EventObject
  return {
    id: event.id,
    type: event.type,
    subscriptionId: eventSubscriptionId(object),
    customerId: eventCustomerId(object),
    chargeId: eventChargeId(object),
  }
}

/** A PaymentIntent of ours for an identification licence names our payment in its metadata. */
function eventChargeId(object: EventObject): string | null {
  if (object.object !== 'payment_intent' || !object.metadata?.[identificationPaymentMetadata]) return null
  return object.id ?? null
}

function eventCustomerId(object: EventObject): string | null {
  if (object.object === 'customer') return object.id ?? null
  return object.customer ? idOf(object.customer) : null
}

function eventSubscriptionId(object: EventObject): string | null {
  if (object.object === 'subscription') return object.id ?? null
  // Since API version 2025-03-31 an invoice names its subscription under `parent`.
  const subscription = object.object === 'invoice' ? object.parent?.subscription_details?.subscription : null
  return subscription ? idOf(subscription) : null
}

/** Every subscription is read with its promotion codes, to name the one applied, and its schedule. */
const subscriptionExpand = ['discounts.promotion_code', 'schedule']

/** The seats the next phase of the subscription's schedule bills, when fewer than now; else null. */
function scheduledSeats(subscription: Stripe.Subscription): number | null {
  const schedule = subscription.schedule
  if (!schedule || typeof schedule === 'string' || schedule.status !== 'active') return null
  const item = onlyItem(subscription)
  const next = schedule.phases.find((phase) => phase.start_date >= item.current_period_end)
  const quantity = next?.items[0]?.quantity
  return quantity !== undefined && quantity < (item.quantity ?? 1) ? quantity : null
}

/** The subscription's discounts carried into a schedule's phases, so that a promotion keeps applying. */
function scheduleDiscounts(
  discounts: Array<string | Stripe.Discount>,
): Stripe.SubscriptionScheduleUpdateParams.Phase.Discount[] {
  return discounts.map((discount) => ({ discount: typeof discount === 'string' ? discount : discount.id }))
}

function customerParams(details: ProviderCustomerDetails) {
  const { address } = details
  return {
    name: details.name,
    email: details.email,
    address: {
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      postal_code: address.postalCode,
      country: address.country,
    },
    metadata: { business_id: details.businessId },
  }
}

/** Swiss numbers (`CHE-…`) are Stripe's `ch_vat`; every other one we accept is an EU VAT number. */
function vatType(vat: string): 'ch_vat' | 'eu_vat' {
  return vat.slice(0, 2).toUpperCase() === 'CH' ? 'ch_vat' : 'eu_vat'
}

function toPaymentMethod(method: Stripe.PaymentMethod): ProviderPaymentMethod | null {
  if (method.type === 'card' && method.card) {
    const { brand, last4, exp_month, exp_year } = method.card
    return { id: method.id, kind: 'card', brand, last4, expMonth: exp_month, expYear: exp_year }
  }
  if (method.type === 'sepa_debit' && method.sepa_debit) {
    const { bank_code, last4 } = method.sepa_debit
    return {
      id: method.id,
      kind: 'sepa_debit',
      brand: bank_code ?? 'sepa',
      last4: last4 ?? '',
      expMonth: null,
      expYear: null,
    }
  }
  return null
}

function toPromotion(promotion: Stripe.PromotionCode, coupon: Stripe.Coupon): ProviderPromotion {
  if (!isOneOf(['once', 'repeating', 'forever'] as const, coupon.duration)) {
    throw new Error(`coupon ${coupon.id} has duration ${coupon.duration}`)
  }
  return {
    code: promotion.code,
    percentOff: coupon.percent_off,
    amountOff:
      coupon.amount_off === null
        ? null
        : { currency: toCurrency(coupon.currency), amount: coupon.amount_off },
    duration: coupon.duration,
    durationInMonths: coupon.duration_in_months,
    // Stripe restricts coupons to products, not to our plans: the plans are listed in the coupon's metadata.
    plans: (coupon.metadata?.plans ?? '')
      .split(',')
      .map((plan) => plan.trim())
      .filter((plan) => plan !== ''),
    expiresAt: promotion.expires_at === null ? null : fromUnix(promotion.expires_at),
  }
}

/** Our subscriptions have one item: the seats of one price. */
function onlyItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0]
  if (!item || subscription.items.data.length > 1) {
    throw new Error(`subscription ${subscription.id} does not have exactly one item`)
  }
  return item
}

function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = onlyItem(subscription)
  if (!isOneOf(providerSubscriptionStatuses, subscription.status)) {
    throw new Error(`subscription ${subscription.id} has status ${subscription.status}`)
  }
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    status: subscription.status,
    price: parseLookupKey(item.price.lookup_key),
    seats: item.quantity ?? 1,
    // The period lives on the item since API version 2025-03-31.
    currentPeriodStart: fromUnix(item.current_period_start),
    currentPeriodEnd: fromUnix(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    seatsAtPeriodEnd: scheduledSeats(subscription),
    promoCode: appliedPromoCode(subscription.discounts),
  }
}

/** The code of the first discount that came from a promotion code (expanded by `subscriptionExpand`). */
function appliedPromoCode(discounts: Array<string | Stripe.Discount>): string | null {
  for (const discount of discounts) {
    if (
      typeof discount === 'object' &&
      typeof discount.promotion_code === 'object' &&
      discount.promotion_code
    ) {
      return discount.promotion_code.code
    }
  }
  return null
}

function toInvoice(invoice: Stripe.Invoice, customerId: string): ProviderInvoice {
  const status = invoice.status ?? 'draft'
  if (!isOneOf(['draft', 'open', 'paid', 'void', 'uncollectible'] as const, status)) {
    throw new Error(`invoice ${invoice.id} has status ${status}`)
  }
  const subscription = invoice.parent?.subscription_details?.subscription
  // The address the invoice was issued to, kept on it: VAT applied by its country then.
  const treatment = vatTreatment(invoice.customer_address?.country ?? '')
  return {
    id: invoice.id,
    // A draft has no number until it is finalized.
    number: invoice.number ?? '',
    customerId,
    subscriptionId: subscription ? idOf(subscription) : null,
    status,
    currency: toCurrency(invoice.currency),
    subtotal: invoice.subtotal,
    discount: sumAmounts(invoice.total_discount_amounts),
    vatTreatment: treatment,
    vatRate: vatBasisPoints(treatment),
    tax: sumAmounts(invoice.total_taxes),
    total: invoice.total,
    createdAt: fromUnix(invoice.created),
    periodStart: fromUnix(invoice.period_start),
    periodEnd: fromUnix(invoice.period_end),
    // A listed invoice carries its first lines only; ours have one or two.
    lines: invoice.lines.data.map(toLine),
    pdfUrl: invoice.invoice_pdf ?? null,
  }
}

function toLine(line: Stripe.InvoiceLineItem): ProviderInvoiceLine {
  return { description: line.description ?? '', quantity: line.quantity ?? 1, amount: line.amount }
}

/** `team_yearly_eur`: the lookup key our prices carry at Stripe. */
function lookupKey(price: PriceKey): string {
  return `${price.plan}_${price.cycle}_${price.currency.toLowerCase()}`
}

function parseLookupKey(key: string | null): PriceKey {
  // Plan ids may contain `_` themselves (`ent_v2`), so the cycle and currency are read from the end.
  const parts = (key ?? '').split('_')
  const currency = parts.pop()?.toUpperCase()
  const cycle = parts.pop()
  const plan = parts.join('_')
  if (
    plan === '' ||
    !isOneOf<BillingCycle>(billingCycles, cycle) ||
    !isOneOf<Currency>(currencies, currency)
  ) {
    throw new Error(`Stripe price lookup key ${key} is not <plan>_<cycle>_<currency>`)
  }
  return { plan, cycle, currency }
}

/** Stripe writes currencies in lower case; ours are upper case, and only the ones we sell in. */
function toCurrency(currency: string | null): Currency {
  const upper = currency?.toUpperCase()
  if (!isOneOf<Currency>(currencies, upper)) throw new Error(`unexpected currency ${currency}`)
  return upper
}

/** Turns a 402 card error into the provider-neutral `PaymentDeclinedError`; other errors pass unchanged. */
async function declinesAsPaymentDeclined<T>(request: Promise<T>): Promise<T> {
  try {
    return await request
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeCardError ||
      (error instanceof Stripe.errors.StripeError && error.rawType === 'card_error')
    ) {
      throw new PaymentDeclinedError(error.decline_code ?? error.code ?? 'card_declined', error.message)
    }
    throw error
  }
}

function isOneOf<T extends string>(values: readonly T[], value: string | null | undefined): value is T {
  return (values as readonly (string | null | undefined)[]).includes(value)
}

function idOf(ref: string | { id: string }): string {
  return typeof ref === 'string' ? ref : ref.id
}

function sumAmounts(entries: ReadonlyArray<{ amount: number }> | null): number {
  return (entries ?? []).reduce((sum, entry) => sum + entry.amount, 0)
}

function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000)
}

function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000)
}
