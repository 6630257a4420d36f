import { eq, type InferSelectModel } from 'drizzle-orm'
import type { BusinessPricePlan, billingStatuses } from '../../contract/businesses.ts'
import type { Subscription } from '../../contract/price-plans.ts'
import type { PaymentMethodStateName } from '../../contract/user.ts'
import type { BusinessPaymentSnapshot } from '../../machines/business-payment/business-payment.types.ts'
import { needsPaymentAction } from '../../machines/business-payment/payment-method.ts'
import type { Database } from '../db/open-database.ts'
import { businessSubscriptions } from '../db/schema/billing.ts'
import { businesses } from '../db/schema/businesses.ts'
import { businessNotFound } from './business-errors.ts'
import { businessOfAccount } from './business-of-account.ts'

type BusinessRow = InferSelectModel<typeof businesses>
type SubscriptionRow = InferSelectModel<typeof businessSubscriptions>

/** A business with its subscription, as billing reads and changes them. */
export type BillingBusiness = { business: BusinessRow; subscription: SubscriptionRow | null }

/**
 * Reads a business and its subscription; with `forUpdate`, locks the business row for the transaction, so
 * that two billing changes of one business run one after the other. 404 when it is gone.
 */
export async function loadBillingBusiness(
  db: Pick<Database, 'select'>,
  businessId: string,
  forUpdate = false,
): Promise<BillingBusiness> {
  const query = db
    .select()
    .from(businesses)
    .leftJoin(businessSubscriptions, eq(businessSubscriptions.businessId, businesses.id))
    .where(eq(businesses.id, businessId))
  const [row] = forUpdate ? await query.for('update', { of: businesses }) : await query
  if (row === undefined) throw businessNotFound()
  return { business: row.businesses, subscription: row.business_subscriptions }
}

/** The subscription as the contract shows it. */
export function subscriptionView(row: SubscriptionRow): Subscription {
  return {
    plan: row.plan,
    cycle: row.cycle,
    currency: row.currency,
    seats: row.seats,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    seatsAtPeriodEnd: row.seatsAtPeriodEnd,
    promoCode: row.promoCode,
  }
}

/**
 * SPEC §3 pricePlan of a business: its subscription's plan (CANCELED once it ended; a next plan CANCELED
 * while it ends at the period's close), or the trial (CANCELED when its admins ended it).
 */
export function businessPricePlan({ business, subscription }: BillingBusiness): BusinessPricePlan {
  if (subscription === null) {
    const cancelled = business.trialCancelledAt?.toISOString() ?? null
    return {
      name: 'trial',
      current: cancelled ? { base: { type: 'CANCELED', startAt: null, endAt: cancelled } } : null,
      next: null,
      discounts: [],
      activePricePlanId: null,
      planStart: null,
    }
  }
  const startAt = subscription.currentPeriodStart.toISOString()
  const endAt = subscription.currentPeriodEnd.toISOString()
  const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired'
  return {
    name: subscription.plan,
    current: { base: { type: ended ? 'CANCELED' : subscription.cycle.toUpperCase(), startAt, endAt } },
    next:
      subscription.cancelAtPeriodEnd && !ended
        ? { base: { type: 'CANCELED', startAt: endAt, endAt: null } }
        : null,
    discounts: subscription.promoCode
      ? [{ promoCode: subscription.promoCode, type: 'promotion', expiresAt: null, status: 'ACTIVE' }]
      : [],
    activePricePlanId: subscription.plan,
    planStart: startAt,
  }
}

/** What the payment machine reads of a stored business (SPEC §4). */
export function paymentSnapshot(billing: BillingBusiness, now: Date): BusinessPaymentSnapshot {
  return {
    paymentMethod: currentPaymentMethod(billing.business, now),
    pricePlan: businessPricePlan(billing),
    cardSubscriptionStatus: billing.subscription?.status ?? null,
    deletionPending: billing.business.deletionScheduledAt !== null,
  }
}

/**
 * The business's SPEC §4 payment method state now: a trial whose end has passed reads as
 * NEEDS_PAYMENT_METHOD (trial expired) without anything having to change the row at that moment.
 */
export function currentPaymentMethod(
  row: { paymentMethod: string; trialEndsAt: Date | null },
  now: Date,
): PaymentMethodStateName {
  const method = row.paymentMethod as PaymentMethodStateName
  if (method === 'TRIALING' && row.trialEndsAt !== null && row.trialEndsAt.getTime() <= now.getTime()) {
    return 'NEEDS_PAYMENT_METHOD'
  }
  return method
}

const billingStatusOf: Record<PaymentMethodStateName, (typeof billingStatuses)[number]> = {
  TRIALING: 'trialing',
  NEEDS_PAYMENT_METHOD: 'needs_payment_method',
  BLOCKED: 'needs_payment_method',
  MANUAL: 'manual',
  STRIPE: 'stripe',
  CHARGEBEE: 'stripe',
}

/** The SPEC §4 billing status string of a payment method state. */
export function billingStatus(method: PaymentMethodStateName): (typeof billingStatuses)[number] {
  return billingStatusOf[method]
}

/**
 * Whether the user's signatures are the business's: they belong to one in good standing (a running trial
 * or a payment method; not an expired trial or a locked business).
 */
export async function isPaidByBusiness(
  db: Pick<Database, 'select'>,
  userId: string,
  now: Date,
): Promise<boolean> {
  const business = await businessOfAccount(db, userId)
  return business !== null && !needsPaymentAction(currentPaymentMethod(business, now))
}
