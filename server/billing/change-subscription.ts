import { eq } from 'drizzle-orm'
import { type BillingBusiness, loadBillingBusiness } from '../businesses/payment-state.ts'
import { requirePaymentEvent } from '../businesses/require-payment-event.ts'
import { businesses } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'
import { applySubscription } from './apply-subscription.ts'
import { type BillingServices, requireProviders } from './billing-services.ts'

/** The business's running subscription's id; 409 when it has none (the machine allowed the event anyway). */
export function subscriptionIdOf(billing: BillingBusiness): string {
  if (billing.subscription === null) {
    throw new ApiError(409, 'business.transition_refused', 'The business has no subscription')
  }
  return billing.subscription.subscriptionId
}

/**
 * POST /v1/businesses/{id}/cancel-trial: ends the trial now (SPEC §4 a trial can be cancelled); the
 * business then needs a plan like one whose trial ran out, and its plan reads CANCELED.
 */
export async function cancelTrial(services: BillingServices, businessId: string): Promise<void> {
  const now = services.now()
  await services.db.transaction(async (tx) => {
    requirePaymentEvent(await loadBillingBusiness(tx, businessId, true), now, { type: 'trial.cancel' })
    await tx
      .update(businesses)
      .set({ paymentMethod: 'NEEDS_PAYMENT_METHOD', trialEndsAt: now, trialCancelledAt: now })
      .where(eq(businesses.id, businessId))
  })
}

/**
 * POST /v1/businesses/{id}/cancel-subscription (`cancel`) and .../reactivate-subscription: schedules the
 * subscription's end at the close of its period, or takes that back, when the payment machine allows it
 * (409 naming the state otherwise), then writes what the provider answers.
 */
export async function setSubscriptionCancelled(
  services: BillingServices,
  businessId: string,
  cancel: boolean,
): Promise<void> {
  const { subscriptions } = requireProviders(services)
  const now = services.now()
  const billing = await loadBillingBusiness(services.db, businessId)
  requirePaymentEvent(billing, now, { type: cancel ? 'subscription.cancel' : 'subscription.reactivate' })
  const id = subscriptionIdOf(billing)
  // One key per change from one synced state: a retry repeats it, a later change is a new one.
  const key = `${cancel ? 'cancel' : 'reactivate'}:${id}:${billing.subscription?.syncedAt.toISOString()}`
  const subscription = await subscriptions.setCancelAtPeriodEnd(id, cancel, key)
  await services.db.transaction(async (tx) => {
    await applySubscription(services, tx, await loadBillingBusiness(tx, businessId, true), subscription)
  })
}
