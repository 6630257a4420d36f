import { count, eq } from 'drizzle-orm'
import type * as v from 'valibot'
import {
  amountIn,
  type UpgradePreview,
  type upgradePreviewRequestSchema,
} from '../../contract/price-plans.ts'
import { vatBasisPoints, vatOn, vatTreatment } from '../../machines/business-payment/vat.ts'
import type { Database } from '../db/open-database.ts'
import { businesses, businessMembers, pricePlans } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { businessNotFound } from './business-errors.ts'

/** The end of a period of `cycle` that starts at `start`: a calendar month or year later (UTC). */
function periodEnd(start: Date, cycle: 'monthly' | 'yearly'): Date {
  const end = new Date(start)
  if (cycle === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1)
  else end.setUTCFullYear(end.getUTCFullYear() + 1)
  return end
}

/**
 * POST /v2/businesses/{id}/subscriptions/upgrade/preview: what `plan` costs the business for `amountSeats`
 * seats, paid `cycle`, in `currency`: the first period from now and the one after, each with its subtotal,
 * discount, VAT by the billing country and total, all in minor units. A plan not offered in the app, a
 * seat count outside the plan or below the business's people, and an unknown promo or referral code are
 * refused (422, naming the field). Nothing is written.
 */
export async function previewUpgrade(
  db: Database,
  businessId: string,
  input: v.InferOutput<typeof upgradePreviewRequestSchema>,
  now: Date,
): Promise<UpgradePreview> {
  const [business] = await db
    .select({ billing: businesses.billing })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  if (business === undefined) throw businessNotFound()
  const [plan] = await db.select().from(pricePlans).where(eq(pricePlans.id, input.plan))
  if (plan === undefined || !plan.selfService) {
    throw new ApiError(422, 'billing.plan_unavailable', 'plan: this plan is not offered here', {
      field: 'plan',
    })
  }
  const [people] = await db
    .select({ n: count() })
    .from(businessMembers)
    .where(eq(businessMembers.businessId, businessId))
  const least = Math.max(plan.minSeats, people?.n ?? 0)
  if (input.amountSeats < least || (plan.maxSeats !== null && input.amountSeats > plan.maxSeats)) {
    const range = plan.maxSeats === null ? `at least ${least}` : `${least} to ${plan.maxSeats}`
    throw new ApiError(422, 'billing.seats_out_of_range', `amount_seats: ${range} seats`, {
      field: 'amount_seats',
    })
  }
  // Promo and referral codes come with the subscription provider; until then none is known.
  for (const [field, code] of [
    ['promo_code', input.promoCode],
    ['referral_code', input.referralCode],
  ] as const) {
    if (code) throw new ApiError(422, 'billing.code_unknown', `${field}: unknown code`, { field })
  }
  const unitAmount = amountIn(plan.seatPrices[input.cycle], input.currency)
  const treatment = vatTreatment(business.billing.country)
  const vatRate = vatBasisPoints(treatment)
  const subtotal = unitAmount * input.amountSeats
  const vat = vatOn(subtotal, vatRate)
  const firstEnd = periodEnd(now, input.cycle)
  const period = (startsAt: Date, endsAt: Date) => ({
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    subtotal,
    discount: 0,
    vatRate,
    vat,
    total: subtotal + vat,
  })
  return {
    plan: plan.id,
    cycle: input.cycle,
    currency: input.currency,
    seats: input.amountSeats,
    unitAmount,
    vatTreatment: treatment,
    periods: [period(now, firstEnd), period(firstEnd, periodEnd(firstEnd, input.cycle))],
  }
}
