import type { PricePlan } from './business-payment.types.ts'

const CANCELED = 'CANCELED'

/** The current plan is of type CANCELED: the subscription has ended. */
export function isCancelled(plan: PricePlan): boolean {
  return plan.current?.base?.type === CANCELED
}

/** The next plan is of type CANCELED: the subscription ends at the close of the period. */
export function isCancelling(plan: PricePlan): boolean {
  return plan.next?.base?.type === CANCELED
}

/** The plan after its current one was cancelled. */
export function withCurrentCancelled(plan: PricePlan): PricePlan {
  return { ...plan, current: { ...plan.current, base: { ...plan.current?.base, type: CANCELED } } }
}

/** The plan after a cancellation was scheduled: the next plan is CANCELED. */
export function withCancellationScheduled(plan: PricePlan): PricePlan {
  return { ...plan, next: { base: { type: CANCELED } } }
}

/** SPEC §4: revoking a scheduled cancellation clears the next plan. */
export function withCancellationRevoked(plan: PricePlan): PricePlan {
  return { ...plan, next: null }
}

/** Enterprise plan names start with `ent`. */
export function isEnterprisePlan(name: string): boolean {
  return name.startsWith('ent')
}

/** The legacy plans ent_v2 and sme_v2. */
export function isLegacyPlan(name: string): boolean {
  return name === 'ent_v2' || name === 'sme_v2'
}

/** The new free plan: free_v1, or free_migrated without a current plan. */
export function isNewFreePlan(plan: PricePlan): boolean {
  return plan.name === 'free_v1' || (plan.name === 'free_migrated' && !plan.current?.base)
}

/** What a plan offers for choosing a replacement: its tier, whether admins buy it, and its seats. */
type PlanOffer = { id: string; tier: string; selfService: boolean; minSeats: number; maxSeats: number | null }

/** The tiers a legacy plan's businesses may move to: sme_v2 from the smallest, ent_v2 from pro up. */
const replacementTiers: Record<string, readonly string[]> = {
  sme_v2: ['individual', 'team', 'pro', 'scale'],
  ent_v2: ['pro', 'scale'],
}

/**
 * The per-seat plan that replaces a legacy flat plan (fair-flat migration) for `seats` seats: the first
 * plan admins can buy, in the order given (cheaper first), of the tiers open to that legacy plan, whose
 * seats fit; null for a plan that is not legacy, or when none fits.
 */
export function replacementPlan(legacy: string, seats: number, plans: readonly PlanOffer[]): string | null {
  const tiers = replacementTiers[legacy]
  if (!isLegacyPlan(legacy) || tiers === undefined) return null
  const fits = (plan: PlanOffer) =>
    plan.selfService &&
    tiers.includes(plan.tier) &&
    seats >= plan.minSeats &&
    (plan.maxSeats === null || seats <= plan.maxSeats)
  return plans.find(fits)?.id ?? null
}
