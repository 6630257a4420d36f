import { asc } from 'drizzle-orm'
import type { FairFlatMigration } from '../../contract/billing.ts'
import { amountIn } from '../../contract/price-plans.ts'
import { isLegacyPlan, replacementPlan } from '../../machines/business-payment/price-plan.ts'
import { loadBillingBusiness } from '../businesses/payment-state.ts'
import { requirePaymentEvent } from '../businesses/require-payment-event.ts'
import { pricePlans } from '../db/schema/billing.ts'
import { ApiError } from '../http/api-error.ts'
import type { BillingServices } from './billing-services.ts'
import { previewPlanSwitch } from './preview-plan-switch.ts'

/**
 * POST /v2/businesses/{id}/fair_flat_migration/preview: the per-seat plan that replaces the business's
 * legacy flat plan, for its seats and cycle, with the seat maths (each period now and after) and the
 * itemised switch now. The move itself is a plan change (PUT .../base), so the payment machine must take
 * `plan.change` (409 naming the state); a business not on a legacy plan is a 409 `billing.plan_unavailable`, and one whose seats
 * no plan takes a 422.
 */
export async function previewFairFlatMigration(
  services: Pick<BillingServices, 'db' | 'billing' | 'now'>,
  businessId: string,
): Promise<FairFlatMigration> {
  const now = services.now()
  const billing = await loadBillingBusiness(services.db, businessId)
  const current = billing.subscription
  if (current === null || !isLegacyPlan(current.plan)) {
    throw new ApiError(409, 'billing.plan_unavailable', 'plan: the business is not on a legacy plan', {
      field: 'plan',
    })
  }
  const plans = await services.db.select().from(pricePlans).orderBy(asc(pricePlans.position))
  const toPlan = replacementPlan(current.plan, current.seats, plans)
  if (toPlan === null) {
    throw new ApiError(422, 'billing.seats_out_of_range', 'seats: no plan of ours takes this many seats', {
      field: 'seats',
    })
  }
  requirePaymentEvent(billing, now, {
    type: 'plan.change',
    change: { plan: toPlan, cycle: current.cycle, previewedAt: now.toISOString() },
  })
  const planSwitch = await previewPlanSwitch(
    services,
    businessId,
    { plan: toPlan, cycle: current.cycle },
    now,
  )
  if (planSwitch === null) throw new Error(`fair-flat migration: ${toPlan} was not priced`)
  const unit = (id: string) => {
    const plan = plans.find((found) => found.id === id)
    return plan ? amountIn(plan.seatPrices[current.cycle], current.currency) : 0
  }
  const seats = current.seatsAtPeriodEnd ?? current.seats
  return {
    fromPlan: current.plan,
    toPlan,
    cycle: current.cycle,
    currency: current.currency,
    seats,
    currentPeriodAmount: unit(current.plan) * seats,
    newPeriodAmount: unit(toPlan) * seats,
    planSwitch,
  }
}
