import type { SnapshotFrom } from 'xstate'
import type { CreateBusiness } from '../../contract/businesses.ts'
import type { BillingCycle, Currency, UpgradePreview } from '../../contract/price-plans.ts'
import type { planCheckoutMachine } from './plan-checkout.machine.ts'

type Snapshot = SnapshotFrom<typeof planCheckoutMachine>

/** The step the checkout is at, as the screen shows it. */
export type CheckoutStep = 'choosing' | 'company' | 'pricing' | 'priced' | 'unpriced' | 'ordering' | 'ordered'

/** Where the checkout stands. */
export function selectCheckoutStep(snapshot: Snapshot): CheckoutStep {
  const { value } = snapshot
  return typeof value === 'string' ? value : value.shopping
}

/** The chosen plan's id, or null. */
export function selectChosenPlan(snapshot: Snapshot): string | null {
  return snapshot.context.plan
}

/** How the plans are billed. */
export function selectCycle(snapshot: Snapshot): BillingCycle {
  return snapshot.context.cycle
}

/** The currency the plans are priced and paid in. */
export function selectCurrency(snapshot: Snapshot): Currency {
  return snapshot.context.currency
}

/** The company a direct buyer named, or null. */
export function selectCompany(snapshot: Snapshot): CreateBusiness | null {
  return snapshot.context.company
}

/** The order as the server priced it, shown while it is priced or being ordered. */
export function selectCheckoutPreview(snapshot: Snapshot): UpgradePreview | null {
  return snapshot.context.preview
}

/** Why pricing or ordering failed (an error code), or null. */
export function selectCheckoutError(snapshot: Snapshot): string | null {
  return snapshot.context.error
}

/** Why the last promo or referral code was refused (an error code), or null. */
export function selectCodeError(snapshot: Snapshot): string | null {
  return snapshot.context.codeError
}

/** The order is being priced or placed: its button waits. */
export function selectCheckoutBusy(snapshot: Snapshot): boolean {
  return snapshot.hasTag('busy')
}
