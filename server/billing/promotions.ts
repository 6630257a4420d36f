import { and, eq, ne } from 'drizzle-orm'
import type { Promotion } from '../../contract/billing.ts'
import type { Database } from '../db/open-database.ts'
import { businesses } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'
import type { ProviderPromotion, SubscriptionProvider } from '../providers/billing/billing-provider.ts'
import { promotionRefusal } from '../providers/billing/pricing.ts'

/**
 * The promotion code a business subscribing on another's recommendation gets, configured at the provider
 * like any other (10 % off the first period in the sandbox).
 */
export const referralPromotionCode = 'REFERRAL'

/** The promotion of `code` for `plan`, or 422: `billing.code_unknown`, `billing.code_not_applicable`. */
export async function findApplicablePromotion(
  subscriptions: SubscriptionProvider,
  code: string,
  plan: string,
  now: Date,
  field = 'promo_code',
): Promise<ProviderPromotion> {
  const promotion = await subscriptions.findPromotion(code)
  if (promotion === null) throw new ApiError(422, 'billing.code_unknown', `${field}: unknown code`, { field })
  const refusal = promotionRefusal(promotion, plan, now)
  if (refusal !== null) {
    throw new ApiError(422, 'billing.code_not_applicable', `${field}: ${refusal}`, { field })
  }
  return promotion
}

/** The business whose referral code `code` is, other than `businessId` itself; 422 when there is none. */
export async function findReferrer(
  db: Pick<Database, 'select'>,
  businessId: string | null,
  code: string,
): Promise<string> {
  const byCode = eq(businesses.referralCode, code.trim().toUpperCase())
  const [referrer] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(businessId === null ? byCode : and(byCode, ne(businesses.id, businessId)))
  if (referrer === undefined) {
    throw new ApiError(422, 'billing.code_unknown', 'referral_code: unknown code', { field: 'referral_code' })
  }
  return referrer.id
}

/** A promotion as the contract shows it. */
export function promotionView(promotion: ProviderPromotion): Promotion {
  return {
    promoCode: promotion.code,
    percentOff: promotion.percentOff,
    amountOff: promotion.amountOff,
    duration: promotion.duration,
    durationInMonths: promotion.durationInMonths,
  }
}
