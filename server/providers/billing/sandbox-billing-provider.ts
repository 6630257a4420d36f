import { randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { amountIn } from '../../../contract/price-plans.ts'
import { vatBasisPoints, vatOn, vatTreatment } from '../../../machines/business-payment/vat.ts'
import { invoiceSeries, nextInvoiceNumber } from '../../billing/invoice-numbers.ts'
import { planLine, planName, seatCount } from '../../billing/invoice-words.ts'
import type { Database } from '../../db/open-database.ts'
import { pricePlans, sandboxBillingObjects } from '../../db/schema/billing.ts'
import type { JobHandler, JobQueue, JobWriter } from '../../jobs/job-queue.ts'
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
  type ProviderSubscriptionStatus,
  type SubscriptionProvider,
} from './billing-provider.ts'
import { discountOn, periodEnd, prorate } from './pricing.ts'

/** The job that renews (or ends) a sandbox subscription when its period is over. */
export const sandboxRenewJob = 'sandbox.billing_renew'

/**
 * What the sandbox does with the documented Stripe test numbers: succeed, decline when charged (the card
 * is saved, every charge fails: 0341 and 9995), or refuse to be saved at all (0002).
 */
const testCards: Record<string, { brand: string; declines?: string; refusesSetup?: string }> = {
  '4242424242424242': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '4000000000000341': { brand: 'visa', declines: 'card_declined' },
  '4000000000009995': { brand: 'visa', declines: 'insufficient_funds' },
  '4000000000000002': { brand: 'visa', refusesSetup: 'card_declined' },
}

/** Stripe's documented test IBANs: the first two are debited, the third fails when charged. */
const testIbans: Record<string, { declines?: string }> = {
  DE89370400440532013000: {},
  AT611904300234573201: {},
  AT861904300235473202: { declines: 'insufficient_funds' },
}

/** What the browser's sandbox card form sends to confirm a setup intent. */
export type SandboxPaymentInput =
  | { card: { number: string; expMonth: number; expYear: number; cvc: string } }
  | { sepaDebit: { iban: string; name: string } }

type Customer = ProviderCustomerDetails & { id: string; defaultPaymentMethod: string | null }
type SetupIntent = { id: string; customerId: string; clientSecret: string; paymentMethod: string | null }
type PaymentMethod = ProviderPaymentMethod & { declines: string | null }
type StoredSubscription = {
  id: string
  customerId: string
  status: ProviderSubscriptionStatus
  price: PriceKey
  seats: number
  currentPeriodStart: string
  currentPeriodEnd: string
  cancelAtPeriodEnd: boolean
  /** Seats billed from the next period on (fewer were asked for); null or absent when unchanged. */
  seatsAtPeriodEnd?: number | null
  promoCode: string | null
  /** Periods billed so far, 1 after the first (0 in a trial): a promotion for some months ends by it. */
  periods: number
  openInvoice: string | null
}
type StoredInvoice = Omit<ProviderInvoice, 'createdAt' | 'periodStart' | 'periodEnd'> & {
  createdAt: string
  periodStart: string
  periodEnd: string
  paymentMethod: string | null
}
type StoredPromotion = Omit<ProviderPromotion, 'expiresAt'> & { expiresAt: string | null }

/** What the sandbox needs from the app. */
export type SandboxBillingOptions = {
  db: Database
  /** The server's clock, which tests move: periods end and renew by it. */
  now: () => Date
  jobs: Pick<JobQueue, 'enqueue' | 'wake'>
  /** Tells the app that a subscription changed, in the transaction that changed it (the sandbox's webhook). */
  notify: (writer: JobWriter, event: ProviderEvent) => Promise<void>
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/**
 * The billing provider outside production and in every test: customers, payment methods, subscriptions,
 * invoices and promotion codes live in our database, cards are charged by Stripe's test numbers, periods
 * end by the server's clock, and every change reaches the app as an event, as Stripe's webhooks do.
 */
export class SandboxBillingProvider implements CardProvider, SubscriptionProvider {
  readonly name = 'stripe' as const
  readonly publishableKey = null
  readonly #options: SandboxBillingOptions

  constructor(options: SandboxBillingOptions) {
    this.#options = options
  }

  async #read<T>(kind: string, id: string, db: Pick<Database, 'select'> = this.#options.db): Promise<T> {
    const [row] = await db
      .select({ data: sandboxBillingObjects.data })
      .from(sandboxBillingObjects)
      .where(and(eq(sandboxBillingObjects.id, id), eq(sandboxBillingObjects.kind, kind)))
    if (row === undefined) throw new Error(`sandbox billing: no ${kind} ${id}`)
    return row.data as T
  }

  async #write<T extends { id: string; customerId?: string | null }>(
    db: Pick<Database, 'insert'>,
    kind: string,
    object: T,
  ): Promise<void> {
    await db
      .insert(sandboxBillingObjects)
      .values({
        id: object.id,
        kind,
        customerId: object.customerId ?? null,
        data: object as Record<string, unknown>,
        createdAt: this.#options.now(),
      })
      .onConflictDoUpdate({
        target: sandboxBillingObjects.id,
        set: { data: object as Record<string, unknown> },
      })
  }

  async #list<T>(
    kind: string,
    customerId: string,
    db: Pick<Database, 'select'> = this.#options.db,
  ): Promise<T[]> {
    const rows = await db
      .select({ data: sandboxBillingObjects.data })
      .from(sandboxBillingObjects)
      .where(and(eq(sandboxBillingObjects.customerId, customerId), eq(sandboxBillingObjects.kind, kind)))
      .orderBy(sandboxBillingObjects.createdAt)
    return rows.map((row) => row.data as T)
  }

  /** Runs a write once per idempotency key: a repeat answers the id the first run gave. */
  async #once(key: string, run: (tx: Database) => Promise<string>): Promise<string> {
    return this.#options.db.transaction(async (tx) => {
      const [done] = await tx
        .select({ data: sandboxBillingObjects.data })
        .from(sandboxBillingObjects)
        .where(eq(sandboxBillingObjects.id, `idem_${key}`))
      if (done !== undefined) return (done.data as { result: string }).result
      const result = await run(tx)
      await this.#write(tx, 'idempotency', { id: `idem_${key}`, result })
      return result
    })
  }

  createCustomer(details: ProviderCustomerDetails, idempotencyKey: string): Promise<string> {
    return this.#once(idempotencyKey, async (tx) => {
      const customer: Customer = { ...details, id: newId('cus'), defaultPaymentMethod: null }
      await this.#write(tx, 'customer', { ...customer, customerId: customer.id })
      return customer.id
    })
  }

  async updateCustomer(customerId: string, details: ProviderCustomerDetails, idempotencyKey: string) {
    await this.#once(idempotencyKey, async (tx) => {
      const customer = await this.#read<Customer>('customer', customerId, tx)
      await this.#write(tx, 'customer', { ...customer, ...details, customerId })
      return customerId
    })
  }

  async createSetupIntent(customerId: string, idempotencyKey: string): Promise<ProviderSetupIntent> {
    const id = await this.#once(idempotencyKey, async (tx) => {
      const intent: SetupIntent = {
        id: newId('seti'),
        customerId,
        clientSecret: randomBytes(18).toString('hex'),
        paymentMethod: null,
      }
      await this.#write(tx, 'setup_intent', intent)
      return intent.id
    })
    const intent = await this.#read<SetupIntent>('setup_intent', id)
    return { id, clientSecret: `${id}_secret_${intent.clientSecret}` }
  }

  /**
   * What the browser does at Stripe with a setup intent's client secret: saves the card or the SEPA
   * mandate. Answers the setup intent's id; refuses a declined card, an expired one and a number that is
   * not one of the test numbers (the sandbox never sees a real card).
   */
  async confirmSetupIntent(clientSecret: string, input: SandboxPaymentInput): Promise<string> {
    const [id, secret] = clientSecret.split('_secret_')
    if (id === undefined || secret === undefined)
      throw new PaymentDeclinedError('invalid_request', 'Unknown setup')
    const intent = await this.#read<SetupIntent>('setup_intent', id).catch(() => null)
    const expected = Buffer.from(intent?.clientSecret ?? '')
    const given = Buffer.from(secret)
    if (intent === null || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new PaymentDeclinedError('invalid_request', 'Unknown setup')
    }
    const method = this.#paymentMethodFrom(input)
    await this.#options.db.transaction(async (tx) => {
      await this.#write(tx, 'payment_method', { ...method, customerId: intent.customerId })
      await this.#write(tx, 'setup_intent', { ...intent, paymentMethod: method.id })
    })
    return id
  }

  #paymentMethodFrom(input: SandboxPaymentInput): PaymentMethod {
    if ('sepaDebit' in input) {
      const iban = input.sepaDebit.iban.replaceAll(' ', '').toUpperCase()
      const test = testIbans[iban]
      if (test === undefined) throw new PaymentDeclinedError('invalid_iban', 'Not a test IBAN')
      const last4 = iban.slice(-4)
      const bank = iban.slice(4, 12)
      return {
        id: newId('pm'),
        kind: 'sepa_debit',
        brand: bank,
        last4,
        expMonth: null,
        expYear: null,
        declines: test.declines ?? null,
      }
    }
    const { number, expMonth, expYear, cvc } = input.card
    const digits = number.replaceAll(' ', '')
    const test = testCards[digits]
    if (test === undefined) throw new PaymentDeclinedError('incorrect_number', 'Not a test card number')
    const now = this.#options.now()
    const expired =
      expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)
    if (expMonth < 1 || expMonth > 12 || expired)
      throw new PaymentDeclinedError('expired_card', 'The card has expired')
    if (!/^\d{3,4}$/.test(cvc)) throw new PaymentDeclinedError('incorrect_cvc', 'The security code is wrong')
    if (test.refusesSetup) throw new PaymentDeclinedError(test.refusesSetup, 'The card was declined')
    return {
      id: newId('pm'),
      kind: 'card',
      brand: test.brand,
      last4: digits.slice(-4),
      expMonth,
      expYear,
      declines: test.declines ?? null,
    }
  }

  async setupIntentPaymentMethod(
    setupIntentId: string,
    customerId: string,
  ): Promise<ProviderPaymentMethod | null> {
    const intent = await this.#read<SetupIntent>('setup_intent', setupIntentId).catch(() => null)
    if (intent === null || intent.customerId !== customerId || intent.paymentMethod === null) return null
    return publicMethod(await this.#read<PaymentMethod>('payment_method', intent.paymentMethod))
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string, idempotencyKey: string) {
    await this.#once(idempotencyKey, async (tx) => {
      const customer = await this.#read<Customer>('customer', customerId, tx)
      await this.#read<PaymentMethod>('payment_method', paymentMethodId, tx)
      await this.#write(tx, 'customer', { ...customer, customerId, defaultPaymentMethod: paymentMethodId })
      // As Stripe retries an unpaid invoice when the customer gives a new way to pay.
      for (const subscription of await this.#list<StoredSubscription>('subscription', customerId, tx)) {
        if (subscription.openInvoice !== null) await this.#retryOpenInvoice(tx, subscription, paymentMethodId)
      }
      return customerId
    })
  }

  async defaultPaymentMethod(customerId: string): Promise<string | null> {
    return (await this.#read<Customer>('customer', customerId)).defaultPaymentMethod
  }

  async #retryOpenInvoice(tx: Database, subscription: StoredSubscription, paymentMethodId: string) {
    const invoice = await this.#read<StoredInvoice>('invoice', subscription.openInvoice as string, tx)
    const method = await this.#read<PaymentMethod>('payment_method', paymentMethodId, tx)
    if (method.declines !== null) return
    await this.#write(tx, 'invoice', { ...invoice, status: 'paid', paymentMethod: method.id })
    const paid = { ...subscription, status: 'active' as const, openInvoice: null }
    await this.#write(tx, 'subscription', paid)
    await this.#notify(tx, 'invoice.paid', paid)
  }

  async listPaymentMethods(customerId: string): Promise<ProviderPaymentMethod[]> {
    return (await this.#list<PaymentMethod>('payment_method', customerId)).map(publicMethod)
  }

  async customerSessionUrl(_customerId: string, returnUrl: string): Promise<string> {
    // The sandbox has no hosted page: the app's own payment page is where cards are managed.
    return returnUrl
  }

  async portalSessionUrl(_customerId: string, returnUrl: string): Promise<string> {
    return returnUrl
  }

  findPromotion(code: string): Promise<ProviderPromotion | null> {
    return this.#findPromotion(code, this.#options.db)
  }

  async #findPromotion(code: string, db: Pick<Database, 'select'>): Promise<ProviderPromotion | null> {
    const rows = await db
      .select({ data: sandboxBillingObjects.data })
      .from(sandboxBillingObjects)
      .where(eq(sandboxBillingObjects.kind, 'promotion_code'))
    const found = rows
      .map((row) => row.data as StoredPromotion)
      .find((promotion) => promotion.code.toUpperCase() === code.trim().toUpperCase())
    return found ? toPromotion(found) : null
  }

  async #unitAmount(price: PriceKey, db: Pick<Database, 'select'>): Promise<number> {
    const [plan] = await db.select().from(pricePlans).where(eq(pricePlans.id, price.plan))
    if (plan === undefined) throw new Error(`sandbox billing: no price ${price.plan}`)
    return amountIn(plan.seatPrices[price.cycle], price.currency)
  }

  /** Writes an invoice and charges it to `paymentMethodId`; answers it with its status. */
  async #invoice(
    tx: Database,
    customer: Customer,
    subscription: StoredSubscription,
    lines: ProviderInvoiceLine[],
    discount: number,
    period: { start: Date; end: Date },
    paymentMethodId: string | null,
  ): Promise<StoredInvoice> {
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0)
    const treatment = vatTreatment(customer.address.country)
    const vatRate = vatBasisPoints(treatment)
    const tax = vatOn(subtotal - discount, vatRate)
    const method = paymentMethodId
      ? await this.#read<PaymentMethod>('payment_method', paymentMethodId, tx)
      : null
    // Like Stripe's account-wide numbering; every caller writes the invoice or rolls the number back.
    const invoice: StoredInvoice = {
      id: newId('in'),
      number: await nextInvoiceNumber(tx, invoiceSeries.sandbox),
      customerId: customer.id,
      subscriptionId: subscription.id,
      status: method !== null && method.declines === null ? 'paid' : 'open',
      currency: subscription.price.currency,
      subtotal,
      discount,
      vatTreatment: treatment,
      vatRate,
      tax,
      total: subtotal - discount + tax,
      createdAt: this.#options.now().toISOString(),
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      lines,
      pdfUrl: null,
      paymentMethod: method?.id ?? null,
    }
    return invoice
  }

  /**
   * The invoice of the subscription's current period (its `periods`-th): its seats at the plan's price, less
   * what its promotion takes off that period, charged to `paymentMethodId`.
   */
  async #periodInvoice(
    tx: Database,
    customer: Customer,
    subscription: StoredSubscription,
    paymentMethodId: string | null,
  ): Promise<StoredInvoice> {
    const { price, seats } = subscription
    const unit = await this.#unitAmount(price, tx)
    const period = {
      start: new Date(subscription.currentPeriodStart),
      end: new Date(subscription.currentPeriodEnd),
    }
    const line = {
      description: planLine(price.plan, seatCount(seats), price.cycle, period),
      quantity: seats,
      amount: unit * seats,
    }
    const promotion = subscription.promoCode ? await this.#findPromotion(subscription.promoCode, tx) : null
    const discount = discountOn(promotion, line.amount, price.currency, price.cycle, subscription.periods - 1)
    return this.#invoice(tx, customer, subscription, [line], discount, period, paymentMethodId)
  }

  /** The job that ends or renews the subscription when its current period is over. */
  #scheduleRenewal(tx: JobWriter, subscription: StoredSubscription): Promise<void> {
    return this.#options.jobs.enqueue(
      tx,
      sandboxRenewJob,
      { subscriptionId: subscription.id },
      {
        runAt: new Date(subscription.currentPeriodEnd),
        key: `${sandboxRenewJob}:${subscription.id}:${subscription.periods}`,
      },
    )
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
    const promotion = input.promoCode ? await this.findPromotion(input.promoCode) : null
    const id = await this.#once(idempotencyKey, async (tx) => {
      const customer = await this.#read<Customer>('customer', input.customerId, tx)
      const start = this.#options.now()
      const trial = input.trialEnd !== null && input.trialEnd.getTime() > start.getTime()
      const subscription: StoredSubscription = {
        id: newId('sub'),
        customerId: customer.id,
        status: trial ? 'trialing' : 'active',
        price: input.price,
        seats: input.seats,
        currentPeriodStart: start.toISOString(),
        // A trial is a period of its own, charged nothing: the renewal at its end bills the first one.
        currentPeriodEnd: (trial
          ? (input.trialEnd as Date)
          : periodEnd(start, input.price.cycle)
        ).toISOString(),
        cancelAtPeriodEnd: false,
        promoCode: promotion?.code ?? null,
        periods: trial ? 0 : 1,
        openInvoice: null,
      }
      if (!trial) {
        const invoice = await this.#periodInvoice(tx, customer, subscription, input.paymentMethodId)
        const method = await this.#read<PaymentMethod>('payment_method', input.paymentMethodId, tx)
        // Stripe's `error_if_incomplete`: a first invoice that cannot be paid leaves nothing behind.
        if (invoice.status !== 'paid')
          throw new PaymentDeclinedError(method.declines ?? 'card_declined', 'The card was declined')
        await this.#write(tx, 'invoice', invoice)
      }
      await this.#write(tx, 'subscription', subscription)
      await this.#write(tx, 'customer', {
        ...customer,
        customerId: customer.id,
        defaultPaymentMethod: input.paymentMethodId,
      })
      await this.#scheduleRenewal(tx, subscription)
      await this.#notify(tx, 'customer.subscription.created', subscription)
      return subscription.id
    })
    return this.retrieveSubscription(id)
  }

  async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return toSubscription(await this.#read<StoredSubscription>('subscription', subscriptionId))
  }

  async #seatsProration(
    subscription: StoredSubscription,
    seats: number,
    at: Date,
    db: Pick<Database, 'select'>,
  ) {
    const added = seats - subscription.seats
    // Seats added in a trial are paid with the first period, at its end.
    if (added <= 0 || subscription.status === 'trialing') return { amountDue: 0, lines: [] }
    const unit = await this.#unitAmount(subscription.price, db)
    const amount = prorate(
      unit * added,
      new Date(subscription.currentPeriodStart),
      new Date(subscription.currentPeriodEnd),
      at,
    )
    return {
      amountDue: amount,
      lines: [
        {
          description: planLine(subscription.price.plan, seatCount(added, true), subscription.price.cycle, {
            start: at,
            end: new Date(subscription.currentPeriodEnd),
          }),
          quantity: added,
          amount,
        },
      ],
    }
  }

  async previewSeats(subscriptionId: string, seats: number, prorationDate: Date): Promise<ProviderProration> {
    const subscription = await this.#read<StoredSubscription>('subscription', subscriptionId)
    return this.#seatsProration(subscription, seats, prorationDate, this.#options.db)
  }

  async changeSeats(subscriptionId: string, seats: number, prorationDate: Date, idempotencyKey: string) {
    await this.#once(idempotencyKey, async (tx) => {
      const subscription = await this.#read<StoredSubscription>('subscription', subscriptionId, tx)
      const customer = await this.#read<Customer>('customer', subscription.customerId, tx)
      const proration = await this.#seatsProration(subscription, seats, prorationDate, tx)
      if (proration.amountDue > 0) {
        const period = { start: prorationDate, end: new Date(subscription.currentPeriodEnd) }
        const invoice = await this.#invoice(
          tx,
          customer,
          subscription,
          proration.lines,
          0,
          period,
          customer.defaultPaymentMethod,
        )
        if (invoice.status !== 'paid') {
          throw new PaymentDeclinedError(await this.#declineOf(customer, tx), 'The card was declined')
        }
        await this.#write(tx, 'invoice', invoice)
      }
      // Fewer seats stay paid until the period ends and renew as fewer; as many as paid takes that back.
      const changed: StoredSubscription =
        seats < subscription.seats
          ? { ...subscription, seatsAtPeriodEnd: seats }
          : { ...subscription, seats, seatsAtPeriodEnd: null }
      await this.#write(tx, 'subscription', changed)
      await this.#notify(tx, 'customer.subscription.updated', changed)
      return subscriptionId
    })
    return this.retrieveSubscription(subscriptionId)
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, idempotencyKey: string) {
    await this.#once(idempotencyKey, async (tx) => {
      const subscription = await this.#read<StoredSubscription>('subscription', subscriptionId, tx)
      // A subscription that ends renews no seats: a scheduled drop goes with the cancellation.
      const changed = cancel
        ? { ...subscription, cancelAtPeriodEnd: true, seatsAtPeriodEnd: null }
        : { ...subscription, cancelAtPeriodEnd: false }
      await this.#write(tx, 'subscription', changed)
      await this.#notify(tx, 'customer.subscription.updated', changed)
      return subscriptionId
    })
    return this.retrieveSubscription(subscriptionId)
  }

  /**
   * As Stripe prorates: the unused part of the old price is a credit against the new one, which runs to the
   * same period end, or, for another cycle, for a whole new period from now.
   */
  async #priceChange(
    subscription: StoredSubscription,
    price: PriceKey,
    at: Date,
    db: Pick<Database, 'select'>,
  ): Promise<ProviderPriceChange> {
    // In a trial nothing was paid and nothing is due: the new price is charged when it ends.
    if (subscription.status === 'trialing') return { credit: 0, charge: 0, amountDue: 0 }
    const start = new Date(subscription.currentPeriodStart)
    const end = new Date(subscription.currentPeriodEnd)
    const seats = subscription.seats
    const before = (await this.#unitAmount(subscription.price, db)) * seats
    const after = (await this.#unitAmount(price, db)) * seats
    const credit = prorate(before, start, end, at)
    const charge = price.cycle === subscription.price.cycle ? prorate(after, start, end, at) : after
    return { credit, charge, amountDue: Math.max(0, charge - credit) }
  }

  async previewPrice(subscriptionId: string, price: PriceKey, prorationDate: Date) {
    const subscription = await this.#read<StoredSubscription>('subscription', subscriptionId)
    return this.#priceChange(subscription, price, prorationDate, this.#options.db)
  }

  async changePrice(subscriptionId: string, price: PriceKey, prorationDate: Date, idempotencyKey: string) {
    await this.#once(idempotencyKey, async (tx) => {
      const subscription = await this.#read<StoredSubscription>('subscription', subscriptionId, tx)
      const customer = await this.#read<Customer>('customer', subscription.customerId, tx)
      const seats = subscription.seats
      // A trial keeps its end whatever the cycle: the first period of the new price starts then.
      const sameCycle = price.cycle === subscription.price.cycle || subscription.status === 'trialing'
      const { amountDue: charge } = await this.#priceChange(subscription, price, prorationDate, tx)
      const changed: StoredSubscription = sameCycle
        ? { ...subscription, price }
        : {
            ...subscription,
            price,
            currentPeriodStart: prorationDate.toISOString(),
            currentPeriodEnd: periodEnd(prorationDate, price.cycle).toISOString(),
            // A new period; the job of the old period's end finds it not over and does nothing.
            periods: subscription.periods + 1,
          }
      if (charge > 0) {
        const period = { start: prorationDate, end: new Date(changed.currentPeriodEnd) }
        const line = {
          description: `${planLine(price.plan, seatCount(seats), price.cycle, period)}, less the unused ${planName(subscription.price.plan)}`,
          quantity: seats,
          amount: charge,
        }
        const invoice = await this.#invoice(
          tx,
          customer,
          changed,
          [line],
          0,
          period,
          customer.defaultPaymentMethod,
        )
        if (invoice.status !== 'paid') {
          throw new PaymentDeclinedError(await this.#declineOf(customer, tx), 'The card was declined')
        }
        await this.#write(tx, 'invoice', invoice)
      }
      await this.#write(tx, 'subscription', changed)
      if (!sameCycle) await this.#scheduleRenewal(tx, changed)
      await this.#notify(tx, 'customer.subscription.updated', changed)
      return subscriptionId
    })
    return this.retrieveSubscription(subscriptionId)
  }

  /** Why the customer's default payment method declines charges. */
  async #declineOf(customer: Customer, tx: Database): Promise<string> {
    const method = customer.defaultPaymentMethod
      ? await this.#read<PaymentMethod>('payment_method', customer.defaultPaymentMethod, tx)
      : null
    return method?.declines ?? 'card_declined'
  }

  async cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<void> {
    await this.#once(idempotencyKey, async (tx) => {
      const subscription = await this.#read<StoredSubscription>('subscription', subscriptionId, tx)
      const ended = { ...subscription, status: 'canceled' as const }
      await this.#write(tx, 'subscription', ended)
      await this.#notify(tx, 'customer.subscription.deleted', ended)
      return subscriptionId
    })
  }

  async listInvoices(customerId: string): Promise<ProviderInvoice[]> {
    const invoices = await this.#list<StoredInvoice>('invoice', customerId)
    return invoices.map(toInvoice).reverse()
  }

  async #notify(tx: JobWriter, type: string, subscription: StoredSubscription) {
    await this.#options.notify(tx, {
      id: newId('evt'),
      type,
      subscriptionId: subscription.id,
      customerId: subscription.customerId,
      chargeId: null,
    })
  }

  /**
   * The end of a period (or of a trial): a subscription cancelled at its end ends; any other is billed for
   * the next period, charged to the customer's default payment method; a failed charge leaves it past due.
   */
  renewHandler(): JobHandler {
    return async (payload) => {
      const { subscriptionId } = payload as { subscriptionId: string }
      await this.#options.db.transaction(async (tx) => {
        const subscription = await this.#read<StoredSubscription>('subscription', subscriptionId, tx)
        const end = new Date(subscription.currentPeriodEnd)
        if (subscription.status === 'canceled' || end.getTime() > this.#options.now().getTime()) return
        if (subscription.cancelAtPeriodEnd) {
          const ended = { ...subscription, status: 'canceled' as const }
          await this.#write(tx, 'subscription', ended)
          await this.#notify(tx, 'customer.subscription.deleted', ended)
          return
        }
        const customer = await this.#read<Customer>('customer', subscription.customerId, tx)
        const next = periodEnd(end, subscription.price.cycle)
        const period = {
          ...subscription,
          seats: subscription.seatsAtPeriodEnd ?? subscription.seats,
          seatsAtPeriodEnd: null,
          currentPeriodStart: end.toISOString(),
          currentPeriodEnd: next.toISOString(),
          periods: subscription.periods + 1,
        }
        const invoice = await this.#periodInvoice(tx, customer, period, customer.defaultPaymentMethod)
        await this.#write(tx, 'invoice', invoice)
        const renewed: StoredSubscription = {
          ...period,
          status: invoice.status === 'paid' ? 'active' : 'past_due',
          openInvoice: invoice.status === 'paid' ? null : invoice.id,
        }
        await this.#write(tx, 'subscription', renewed)
        await this.#scheduleRenewal(tx, renewed)
        await this.#notify(tx, invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', renewed)
      })
      this.#options.jobs.wake()
    }
  }
}

function publicMethod({ id, kind, brand, last4, expMonth, expYear }: PaymentMethod): ProviderPaymentMethod {
  return { id, kind, brand, last4, expMonth, expYear }
}

function toPromotion(stored: StoredPromotion): ProviderPromotion {
  return { ...stored, expiresAt: stored.expiresAt ? new Date(stored.expiresAt) : null }
}

function toSubscription(stored: StoredSubscription): ProviderSubscription {
  return {
    id: stored.id,
    customerId: stored.customerId,
    status: stored.status,
    price: stored.price,
    seats: stored.seats,
    currentPeriodStart: new Date(stored.currentPeriodStart),
    currentPeriodEnd: new Date(stored.currentPeriodEnd),
    cancelAtPeriodEnd: stored.cancelAtPeriodEnd,
    seatsAtPeriodEnd: stored.seatsAtPeriodEnd ?? null,
    promoCode: stored.promoCode,
  }
}

function toInvoice({ paymentMethod: _, ...stored }: StoredInvoice): ProviderInvoice {
  return {
    ...stored,
    createdAt: new Date(stored.createdAt),
    periodStart: new Date(stored.periodStart),
    periodEnd: new Date(stored.periodEnd),
  }
}
