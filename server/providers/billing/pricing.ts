import type { BillingCycle, Currency } from '../../../contract/price-plans.ts'
import type { ProviderPromotion } from './billing-provider.ts'

/** The end of a period of `cycle` that starts at `start`: a calendar month or year later (UTC). */
export function periodEnd(start: Date, cycle: BillingCycle): Date {
  const end = new Date(start)
  if (cycle === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1)
  else end.setUTCFullYear(end.getUTCFullYear() + 1)
  return end
}

/** Why a promotion code cannot be used for `plan` now; null when it can. */
export function promotionRefusal(promotion: ProviderPromotion, plan: string, now: Date): string | null {
  if (promotion.expiresAt !== null && promotion.expiresAt.getTime() <= now.getTime()) return 'expired'
  if (promotion.plans.length > 0 && !promotion.plans.includes(plan)) return 'not for this plan'
  return null
}

/**
 * The discount a promotion gives on `subtotal` minor units in `currency`, for the period `periodIndex`
 * (0 the first) of `cycle`: never more than the subtotal, rounded half up.
 */
export function discountOn(
  promotion: ProviderPromotion | null,
  subtotal: number,
  currency: Currency,
  cycle: BillingCycle,
  periodIndex: number,
): number {
  if (promotion === null) return 0
  if (promotion.duration === 'once' && periodIndex > 0) return 0
  if (promotion.duration === 'repeating') {
    const months = promotion.durationInMonths ?? 0
    const periodMonths = cycle === 'monthly' ? 1 : 12
    if (periodIndex * periodMonths >= months) return 0
  }
  if (promotion.percentOff !== null) {
    return Math.min(subtotal, Math.floor((subtotal * promotion.percentOff + 50) / 100))
  }
  if (promotion.amountOff !== null && promotion.amountOff.currency === currency) {
    return Math.min(subtotal, promotion.amountOff.amount)
  }
  return 0
}

/** The share of a period left at `at`, applied to `amount`: what a change in the middle of it costs. */
export function prorate(amount: number, start: Date, end: Date, at: Date): number {
  const whole = end.getTime() - start.getTime()
  const left = Math.max(0, Math.min(whole, end.getTime() - at.getTime()))
  return whole === 0 ? 0 : Math.round((amount * left) / whole)
}
