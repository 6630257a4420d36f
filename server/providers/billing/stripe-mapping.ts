import type Stripe from 'stripe'
import { type BillingCycle, billingCycles, type Currency, currencies } from '../../../contract/price-plans.ts'
import { vatBasisPoints, vatTreatment } from '../../../machines/business-payment/vat.ts'
import {
  type PriceKey,
  type ProviderCustomerDetails,
  type ProviderInvoice,
  type ProviderInvoiceLine,
  type ProviderPaymentMethod,
  type ProviderPromotion,
  type ProviderSubscription,
  providerSubscriptionStatuses,
} from './billing-provider.ts'

// Stripe's objects in our provider-neutral terms, and back.

export function customerParams(details: ProviderCustomerDetails) {
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
export function vatType(vat: string): 'ch_vat' | 'eu_vat' {
  return vat.slice(0, 2).toUpperCase() === 'CH' ? 'ch_vat' : 'eu_vat'
}

export function toPaymentMethod(method: Stripe.PaymentMethod): ProviderPaymentMethod | null {
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

export function toPromotion(promotion: Stripe.PromotionCode, coupon: Stripe.Coupon): ProviderPromotion {
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
export function onlyItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0]
  if (!item || subscription.items.data.length > 1) {
    throw new Error(`subscription ${subscription.id} does not have exactly one item`)
  }
  return item
}

export function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
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

/** The seats the next phase of the subscription's schedule bills, when fewer than now; else null. */
export function scheduledSeats(subscription: Stripe.Subscription): number | null {
  const schedule = subscription.schedule
  if (!schedule || typeof schedule === 'string' || schedule.status !== 'active') return null
  const item = onlyItem(subscription)
  const next = schedule.phases.find((phase) => phase.start_date >= item.current_period_end)
  const quantity = next?.items[0]?.quantity
  return quantity !== undefined && quantity < (item.quantity ?? 1) ? quantity : null
}

/** The subscription's discounts carried into a schedule's phases, so that a promotion keeps applying. */
export function scheduleDiscounts(
  discounts: Array<string | Stripe.Discount>,
): Stripe.SubscriptionScheduleUpdateParams.Phase.Discount[] {
  return discounts.map((discount) => ({ discount: typeof discount === 'string' ? discount : discount.id }))
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

export function toInvoice(invoice: Stripe.Invoice, customerId: string): ProviderInvoice {
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

export function toLine(line: Stripe.InvoiceLineItem): ProviderInvoiceLine {
  return { description: line.description ?? '', quantity: line.quantity ?? 1, amount: line.amount }
}

/** `team_yearly_eur`: the lookup key our prices carry at Stripe. */
export function lookupKey(price: PriceKey): string {
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

function isOneOf<T extends string>(values: readonly T[], value: string | null | undefined): value is T {
  return (values as readonly (string | null | undefined)[]).includes(value)
}

export function idOf(ref: string | { id: string }): string {
  return typeof ref === 'string' ? ref : ref.id
}

export function sumAmounts(entries: ReadonlyArray<{ amount: number }> | null): number {
  return (entries ?? []).reduce((sum, entry) => sum + entry.amount, 0)
}

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000)
}

function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000)
}
