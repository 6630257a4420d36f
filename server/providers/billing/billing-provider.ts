import type { BillingCycle, Currency } from '../../../contract/price-plans.ts'
import type { VatTreatment } from '../../../machines/business-payment/vat.ts'

/**
 * The card-payment and subscription-management providers (SPEC §7 `{card-provider}` and
 * `{subscription-provider}`). Stripe is both; the sandbox stands in for it outside production. A
 * Chargebee adapter would implement `SubscriptionProvider` beside a card provider of its own.
 *
 * Money is in minor units. Every call that writes at the provider takes an idempotency key, so a retried
 * call (after a timeout, a crash, a replayed job) never charges or changes twice.
 */

/** A way to pay a customer has at the provider. */
export type ProviderPaymentMethod = {
  id: string
  kind: 'card' | 'sepa_debit'
  /** `visa`, `mastercard`, ... for a card; the bank's name or code for a SEPA debit. */
  brand: string
  last4: string
  /** Cards only; null for a SEPA debit. */
  expMonth: number | null
  expYear: number | null
}

/** The billing details a customer is created and invoiced with. */
export type ProviderCustomerDetails = {
  /** Our business id, kept in the provider's metadata. */
  businessId: string
  name: string
  email: string
  address: { line1: string; line2: string; city: string; postalCode: string; country: string }
  /** The VAT number, printed on invoices; empty when the business has none. */
  vat: string
}

/** What the browser needs to collect a payment method for a customer (Stripe SetupIntent). */
export type ProviderSetupIntent = { id: string; clientSecret: string }

/** Subscription statuses as Stripe names them (SPEC §4: any but active or incomplete_expired is an issue). */
export const providerSubscriptionStatuses = [
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'paused',
] as const
export type ProviderSubscriptionStatus = (typeof providerSubscriptionStatuses)[number]

/** What a price is: plan, cycle and currency (a Stripe price's lookup key `team_yearly_eur`). */
export type PriceKey = { plan: string; cycle: BillingCycle; currency: Currency }

/** A subscription as the provider holds it now. */
export type ProviderSubscription = {
  id: string
  customerId: string
  status: ProviderSubscriptionStatus
  price: PriceKey
  seats: number
  currentPeriodStart: Date
  currentPeriodEnd: Date
  /** The subscription ends at `currentPeriodEnd` (a scheduled cancellation). */
  cancelAtPeriodEnd: boolean
  /** Seats billed from the next period on when fewer were asked for (removed seats stay until then); else null. */
  seatsAtPeriodEnd: number | null
  /** The promotion code applied, if any. */
  promoCode: string | null
}

/** A promotion code: a percentage or a fixed amount off, once, for some months or forever. */
export type ProviderPromotion = {
  code: string
  percentOff: number | null
  /** Per currency, in minor units, when the discount is an amount. */
  amountOff: { currency: Currency; amount: number } | null
  duration: 'once' | 'repeating' | 'forever'
  durationInMonths: number | null
  /** Plans it applies to; empty: every plan. */
  plans: string[]
  expiresAt: Date | null
}

/** One line of an invoice. */
export type ProviderInvoiceLine = { description: string; quantity: number; amount: number }

/** An invoice the provider issued to a customer. */
export type ProviderInvoice = {
  id: string
  number: string
  customerId: string
  subscriptionId: string | null
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible'
  currency: Currency
  subtotal: number
  discount: number
  /** How VAT applied when it was issued: Swiss VAT, reverse charge (an EU business), or none (export). */
  vatTreatment: VatTreatment
  /** The VAT rate `tax` was charged at, in basis points (8.1 % = 810). */
  vatRate: number
  tax: number
  total: number
  createdAt: Date
  periodStart: Date
  periodEnd: Date
  lines: ProviderInvoiceLine[]
  /** Where the provider serves the invoice as PDF; null when we render it ourselves. */
  pdfUrl: string | null
}

/** What a change of seats costs now: the prorated amount due at once, before VAT. */
export type ProviderProration = { amountDue: number; lines: ProviderInvoiceLine[] }

/**
 * What moving to another price costs now, before VAT: `credit` for the unused time of the old price and
 * `charge` for the new one to the end of the (same, or for another cycle a new) period; `amountDue` is
 * `charge - credit`, never below 0 (a larger credit stays with the customer for later invoices).
 */
export type ProviderPriceChange = { credit: number; charge: number; amountDue: number }

/** The provider refused the payment method: the card was declined (SPEC's card failure), nothing changed. */
export class PaymentDeclinedError extends Error {
  /** The provider's decline code, e.g. `insufficient_funds`, `card_declined`. */
  readonly declineCode: string

  constructor(declineCode: string, message: string) {
    super(message)
    this.name = 'PaymentDeclinedError'
    this.declineCode = declineCode
  }
}

/** The card provider: customers and the payment methods they pay with. */
export interface CardProvider {
  /** The path segment of SPEC §7 `{card-provider}`. */
  readonly name: 'stripe'
  /** Stripe's publishable key for Elements in the browser; null for the sandbox (its own card form). */
  readonly publishableKey: string | null
  createCustomer(details: ProviderCustomerDetails, idempotencyKey: string): Promise<string>
  updateCustomer(customerId: string, details: ProviderCustomerDetails, idempotencyKey: string): Promise<void>
  createSetupIntent(customerId: string, idempotencyKey: string): Promise<ProviderSetupIntent>
  /**
   * The payment method a setup intent of `customerId` confirmed; null while it is not confirmed, and for an
   * unknown setup intent or another customer's.
   */
  setupIntentPaymentMethod(setupIntentId: string, customerId: string): Promise<ProviderPaymentMethod | null>
  /**
   * Makes a confirmed payment method the one renewals are charged to, and charges the customer's open
   * invoices to it at once (a payment issue ends when they are paid).
   */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<void>
  /** The id of the payment method renewals are charged to; null when none is set. */
  defaultPaymentMethod(customerId: string): Promise<string | null>
  listPaymentMethods(customerId: string): Promise<ProviderPaymentMethod[]>
  /** A page of the provider where the customer manages payment methods (SPEC `cpsession`). */
  customerSessionUrl(customerId: string, returnUrl: string): Promise<string>
}

/** The subscription provider: plans per seat, promotions, seat changes, invoices. */
export interface SubscriptionProvider {
  /** The path segment of SPEC §7 `{subscription-provider}`. */
  readonly name: 'stripe'
  findPromotion(code: string): Promise<ProviderPromotion | null>
  /**
   * Subscribes the customer to `price` for `seats` seats, paid with `paymentMethodId`, the first invoice
   * charged at once. Throws `PaymentDeclinedError` when the charge fails; then nothing is left behind.
   * With `trialEnd` (a business choosing its plan during its trial) the subscription is `trialing` until
   * then and nothing is charged: its first period starts and is charged at `trialEnd`, and changes of
   * seats or plan before it cost nothing.
   */
  createSubscription(
    input: {
      customerId: string
      paymentMethodId: string
      price: PriceKey
      seats: number
      promoCode: string | null
      trialEnd: Date | null
    },
    idempotencyKey: string,
  ): Promise<ProviderSubscription>
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>
  /** What changing to `seats` costs at `prorationDate` (the preview's time, which the change then uses). */
  previewSeats(subscriptionId: string, seats: number, prorationDate: Date): Promise<ProviderProration>
  /**
   * Changes the seats: more than paid now are charged at once, prorated from `prorationDate`, and end any
   * drop scheduled; fewer stay paid until the period's end and are billed fewer from the next period on
   * (`seatsAtPeriodEnd`, nothing is refunded); as many as paid now takes a scheduled drop back.
   */
  changeSeats(
    subscriptionId: string,
    seats: number,
    prorationDate: Date,
    idempotencyKey: string,
  ): Promise<ProviderSubscription>
  /** What `changePrice` to `price` at `prorationDate` would charge now (the preview of a plan switch). */
  previewPrice(subscriptionId: string, price: PriceKey, prorationDate: Date): Promise<ProviderPriceChange>
  /**
   * Moves the subscription to another plan or cycle at `prorationDate`, charging at once what the new price
   * costs beyond the unused part of the old one (a new cycle starts a new period now). Throws
   * `PaymentDeclinedError` when that charge fails; then nothing changed.
   */
  changePrice(
    subscriptionId: string,
    price: PriceKey,
    prorationDate: Date,
    idempotencyKey: string,
  ): Promise<ProviderSubscription>
  /**
   * Schedules the end at the close of the period (cancel; a scheduled drop of seats is dropped with it) or
   * takes that back (reactivate).
   */
  setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
    idempotencyKey: string,
  ): Promise<ProviderSubscription>
  /** Ends the subscription now, without a refund (the business is deleted): nothing is charged again. */
  cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<void>
  listInvoices(customerId: string): Promise<ProviderInvoice[]>
  /** The provider's customer portal (SPEC `portal_session`). */
  portalSessionUrl(customerId: string, returnUrl: string): Promise<string>
}

/** A provider event after its signature was checked: which customer's subscription, or which charge, to sync. */
export type ProviderEvent = {
  id: string
  type: string
  subscriptionId: string | null
  customerId: string | null
  /** The one-off charge (PaymentIntent) of an identification licence the event is about, else null. */
  chargeId: string | null
}
