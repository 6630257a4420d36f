import type Stripe from 'stripe'
import type {
  PriceKey,
  ProviderInvoice,
  ProviderPriceChange,
  ProviderPromotion,
  ProviderProration,
  ProviderSubscription,
  SubscriptionProvider,
} from './billing-provider.ts'
import {
  createStripeClient,
  declinesAsPaymentDeclined,
  portalUrl,
  type StripeConnection,
} from './stripe-client.ts'
import {
  idOf,
  lookupKey,
  onlyItem,
  scheduleDiscounts,
  scheduledSeats,
  sumAmounts,
  toInvoice,
  toLine,
  toPromotion,
  toSubscription,
  unixSeconds,
} from './stripe-mapping.ts'

/** Every subscription is read with its promotion codes, to name the one applied, and its schedule. */
const subscriptionExpand = ['discounts.promotion_code', 'schedule']

/** The subscription provider on Stripe: per-seat subscriptions, their schedules and promotions, invoices. */
export class StripeSubscriptionProvider implements SubscriptionProvider {
  readonly name = 'stripe'
  private readonly stripe: Stripe
  /** Price ids by lookup key: prices are created once in the dashboard and never change their key. */
  private readonly priceIds = new Map<string, string>()

  constructor(connection: StripeConnection) {
    this.stripe = createStripeClient(connection)
  }

  portalSessionUrl(customerId: string, returnUrl: string): Promise<string> {
    return portalUrl(this.stripe, customerId, returnUrl)
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
