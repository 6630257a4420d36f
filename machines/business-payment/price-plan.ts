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
