import { eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { basePlanSchema } from '../../contract/billing.ts'
import { loadBillingBusiness } from '../businesses/payment-state.ts'
import { requirePaymentEvent } from '../businesses/require-payment-event.ts'
import { pricePlans } from '../db/schema/billing.ts'
import { ApiError } from '../http/api-error.ts'
import { PaymentDeclinedError } from '../providers/billing/billing-provider.ts'
import { applySubscription } from './apply-subscription.ts'
import { type BillingServices, requireProviders } from './billing-services.ts'
import { subscriptionIdOf } from './change-subscription.ts'
import { freshPreviewTime } from './seats.ts'
import { cardDeclined } from './upgrade-subscription.ts'

/**
 * PUT /v2/businesses/{id}/base: moves the running subscription to another plan or cycle (SPEC base plan
 * data), when the payment machine takes `plan.change` (409 naming the state otherwise). The plan must be
 * offered here and fit the business's seats (422); the difference is charged now, prorated from the
 * preview's time (a stale preview is a 409, a declined charge a 402 that changes nothing).
 */
export async function changePlan(
  services: BillingServices,
  businessId: string,
  input: v.InferOutput<typeof basePlanSchema>,
): Promise<void> {
  const billing = await loadBillingBusiness(services.db, businessId)
  const now = services.now()
  requirePaymentEvent(billing, now, {
    type: 'plan.change',
    change: { plan: input.plan, cycle: input.cycle, previewedAt: input.timestamp },
  })
  const current = billing.subscription
  const [plan] = await services.db.select().from(pricePlans).where(eq(pricePlans.id, input.plan))
  if (!current || plan === undefined || !plan.selfService) {
    throw new ApiError(422, 'billing.plan_unavailable', 'plan: this plan is not offered here', {
      field: 'plan',
    })
  }
  if (plan.id === current.plan && input.cycle === current.cycle) {
    throw new ApiError(422, 'billing.plan_unavailable', 'plan: the subscription is on this plan already', {
      field: 'plan',
    })
  }
  if (current.seats < plan.minSeats || (plan.maxSeats !== null && current.seats > plan.maxSeats)) {
    const range =
      plan.maxSeats === null ? `at least ${plan.minSeats}` : `${plan.minSeats} to ${plan.maxSeats}`
    throw new ApiError(
      422,
      'billing.seats_out_of_range',
      `plan: for ${range} seats; change the seats first`,
      {
        field: 'plan',
      },
    )
  }
  const previewedAt = freshPreviewTime(billing, input.timestamp, now)
  const id = subscriptionIdOf(billing)
  const price = { plan: plan.id, cycle: input.cycle, currency: current.currency }
  const subscription = await requireProviders(services)
    .subscriptions.changePrice(
      id,
      price,
      previewedAt,
      `plan:${id}:${plan.id}:${input.cycle}:${input.timestamp}`,
    )
    .catch((error: unknown) => {
      throw error instanceof PaymentDeclinedError ? cardDeclined(error) : error
    })
  await services.db.transaction(async (tx) => {
    await applySubscription(services, tx, await loadBillingBusiness(tx, businessId, true), subscription)
  })
}
