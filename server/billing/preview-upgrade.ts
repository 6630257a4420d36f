import { count, eq } from 'drizzle-orm'
import type * as v from 'valibot'
import {
  amountIn,
  type Currency,
  type UpgradePreview,
  type upgradePreviewRequestSchema,
} from '../../contract/price-plans.ts'
import { vatBasisPoints, vatOn, vatTreatment } from '../../machines/business-payment/vat.ts'
import { currentPaymentMethod, loadBillingBusiness } from '../businesses/payment-state.ts'
import { pricePlans } from '../db/schema/billing.ts'
import { businessMembers } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'
import type { ProviderPromotion } from '../providers/billing/billing-provider.ts'
import { discountOn, periodEnd } from '../providers/billing/pricing.ts'
import { type BillingServices, requireProviders } from './billing-services.ts'
import { findApplicablePromotion, findReferrer, referralPromotionCode } from './promotions.ts'

type UpgradeInput = v.InferOutput<typeof upgradePreviewRequestSchema>

/** A priced upgrade: what the admin is shown, and what the subscription is then made with. */
export type PricedUpgrade = {
  preview: UpgradePreview
  /** The promotion code the provider applies: the admin's, else the referral one, else none. */
  promotion: ProviderPromotion | null
  referrerId: string | null
  /** When the business's running trial ends, where the first period starts; null: it starts now. */
  trialEnd: Date | null
}

/**
 * Prices `plan` for the business for `amountSeats` seats, paid `cycle`, in `currency`: the first period
 * from now (from the end of its trial while it runs) and the one after, each with its subtotal, discount, VAT by the billing country and total, all
 * in minor units. A plan not offered in the app, a seat count outside the plan or below the business's
 * people, and an unknown or inapplicable promo or referral code are refused (422, naming the field).
 */
export async function priceUpgrade(
  services: Pick<BillingServices, 'db' | 'billing'>,
  businessId: string,
  input: UpgradeInput,
  now: Date,
): Promise<PricedUpgrade> {
  const { business } = await loadBillingBusiness(services.db, businessId)
  const [people] = await services.db
    .select({ n: count() })
    .from(businessMembers)
    .where(eq(businessMembers.businessId, businessId))
  const buyer = {
    businessId,
    country: business.billing.country,
    people: people?.n ?? 0,
    currency: business.currency,
  }
  const trialEnd = currentPaymentMethod(business, now) === 'TRIALING' ? business.trialEndsAt : null
  return priceOrder(services, buyer, input, now, trialEnd)
}

/**
 * Prices an order for a buyer: a business (its billing country, people and the currency its first payment
 * fixed; the first period starts at `trialEnd` when its trial runs), or a user buying a plan for a business they open with it (`businessId` null, one person, any
 * currency). An order in another currency than the fixed one is refused (422 `billing.currency_fixed`).
 */
export async function priceOrder(
  services: Pick<BillingServices, 'db' | 'billing'>,
  buyer: { businessId: string | null; country: string; people: number; currency: Currency | null },
  input: UpgradeInput,
  now: Date,
  trialEnd: Date | null = null,
): Promise<PricedUpgrade> {
  const { db } = services
  if (buyer.currency !== null && input.currency !== buyer.currency) {
    throw new ApiError(
      422,
      'billing.currency_fixed',
      `currency: the business is billed in ${buyer.currency}`,
      {
        field: 'currency',
      },
    )
  }
  const [plan] = await db.select().from(pricePlans).where(eq(pricePlans.id, input.plan))
  if (plan === undefined || !plan.selfService) {
    throw new ApiError(422, 'billing.plan_unavailable', 'plan: this plan is not offered here', {
      field: 'plan',
    })
  }
  const least = Math.max(plan.minSeats, buyer.people)
  if (input.amountSeats < least || (plan.maxSeats !== null && input.amountSeats > plan.maxSeats)) {
    const range = plan.maxSeats === null ? `at least ${least}` : `${least} to ${plan.maxSeats}`
    throw new ApiError(422, 'billing.seats_out_of_range', `amount_seats: ${range} seats`, {
      field: 'amount_seats',
    })
  }
  const { subscriptions } = requireProviders(services)
  const referrerId = input.referralCode ? await findReferrer(db, buyer.businessId, input.referralCode) : null
  const code = input.promoCode || (referrerId ? referralPromotionCode : null)
  const promotion = code
    ? await findApplicablePromotion(
        subscriptions,
        code,
        plan.id,
        now,
        input.promoCode ? 'promo_code' : 'referral_code',
      )
    : null
  const unitAmount = amountIn(plan.seatPrices[input.cycle], input.currency)
  const treatment = vatTreatment(buyer.country)
  const vatRate = vatBasisPoints(treatment)
  const subtotal = unitAmount * input.amountSeats
  const period = (index: number, startsAt: Date, endsAt: Date) => {
    const discount = discountOn(promotion, subtotal, input.currency, input.cycle, index)
    const vat = vatOn(subtotal - discount, vatRate)
    return {
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      subtotal,
      discount,
      vatRate,
      vat,
      total: subtotal - discount + vat,
    }
  }
  const start = trialEnd ?? now
  const firstEnd = periodEnd(start, input.cycle)
  return {
    preview: {
      plan: plan.id,
      cycle: input.cycle,
      currency: input.currency,
      seats: input.amountSeats,
      unitAmount,
      vatTreatment: treatment,
      promoCode: promotion?.code ?? null,
      periods: [period(0, start, firstEnd), period(1, firstEnd, periodEnd(firstEnd, input.cycle))],
      planSwitch: null,
    },
    promotion,
    referrerId,
    trialEnd,
  }
}
