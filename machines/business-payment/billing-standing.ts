import type { SnapshotFrom } from 'xstate'
import { paymentGraceDays } from '../../contract/billing.ts'
import { dayMs } from '../../contract/datetime.ts'
import type { businessPaymentMachine } from './business-payment.machine.ts'
import { hasPaymentIssue } from './card-subscription.ts'

type Snapshot = SnapshotFrom<typeof businessPaymentMachine>
type SubscriptionState = Snapshot['value']['subscription']

/** The dates of the business (ISO timestamps) that say when its standing changes next. */
export interface BillingDates {
  /** When the trial ends (or ended); null without a trial. */
  trialEndsAt: string | null
  /** The end of the subscription's paid period: the next charge, or the end of a cancelled one. */
  periodEnd: string | null
  /** Since when a renewal is unpaid. */
  paymentIssueSince: string | null
  /** When the business will be deleted; null unless a deletion is pending. */
  deletionScheduledAt: string | null
}

/** Where the business stands, what happens next and when, and the action that changes it. */
type BillingStanding =
  | { situation: 'trialing'; trialEndsAt: string | null; action: 'choosePlan' }
  | { situation: 'trialExpired'; trialEndedAt: string | null; action: 'choosePlan' }
  | { situation: 'cancelled'; action: 'choosePlan' }
  | { situation: 'active'; nextChargeAt: string | null; action: 'changePlan' }
  | { situation: 'subscribedInTrial'; firstChargeAt: string | null; action: 'changePlan' }
  | { situation: 'paymentIssue'; blockedAfter: string | null; action: 'updatePaymentMethod' }
  | { situation: 'locked'; action: 'payToUnblock' }
  | { situation: 'cancelling'; endsAt: string | null; action: 'keepSubscription' }
  | { situation: 'manual'; action: 'readInvoices' }

/** The standing and, while a deletion is pending, the day the business goes. */
export interface BillingStandingView {
  /** Null until the machine settled on the business, or while a subscribe call decides it. */
  standing: BillingStanding | null
  deletionOn: string | null
}

/** The situations a subscription state is in; a payment issue is one of a running subscription. */
type Situation = Exclude<BillingStanding['situation'], 'paymentIssue'>

// A call keeps the standing it started from until its outcome settles the machine.
const situationOf: Record<SubscriptionState, Situation | null> = {
  unknown: null,
  settling: null,
  subscribing: null,
  downgradingToFree: null,
  trialing: 'trialing',
  endingTrial: 'trialing',
  trialExpired: 'trialExpired',
  locked: 'locked',
  manual: 'manual',
  active: 'active',
  subscribedInTrial: 'subscribedInTrial',
  changingPlan: 'active',
  changingSeats: 'active',
  requestingCancellation: 'active',
  cancelling: 'cancelling',
  revokingCancellation: 'cancelling',
  cancelled: 'cancelled',
}

/**
 * The business's billing standing in words an admin reads (SPEC §4 Business payment): the situation is the
 * payment machine's subscription state, a running subscription with an unpaid renewal (the card subscription
 * status in its context) has a payment issue, and the dates of the business say when things happen next.
 */
export function selectBillingStanding(snapshot: Snapshot, dates: BillingDates): BillingStandingView {
  const deletionOn = snapshot.value.deletion === 'pending' ? dates.deletionScheduledAt : null
  const situation = situationOf[snapshot.value.subscription]
  const paymentIssue = hasPaymentIssue(snapshot.context.business?.cardSubscriptionStatus ?? null)
  return { standing: standingOf(situation, paymentIssue, dates), deletionOn }
}

function standingOf(
  situation: Situation | null,
  paymentIssue: boolean,
  dates: BillingDates,
): BillingStanding | null {
  if (situation === null) return null
  switch (situation) {
    case 'trialing':
      return { situation, trialEndsAt: dates.trialEndsAt, action: 'choosePlan' }
    case 'trialExpired':
      return { situation, trialEndedAt: dates.trialEndsAt, action: 'choosePlan' }
    case 'cancelled':
      return { situation, action: 'choosePlan' }
    case 'active':
    case 'cancelling':
      if (paymentIssue) {
        const since = dates.paymentIssueSince
        const blockedAfter =
          since === null ? null : new Date(Date.parse(since) + paymentGraceDays * dayMs).toISOString()
        return { situation: 'paymentIssue', blockedAfter, action: 'updatePaymentMethod' }
      }
      return situation === 'active'
        ? { situation, nextChargeAt: dates.periodEnd, action: 'changePlan' }
        : { situation, endsAt: dates.periodEnd, action: 'keepSubscription' }
    case 'subscribedInTrial':
      // Nothing is charged before the trial ends: no renewal can be unpaid yet.
      return { situation, firstChargeAt: dates.periodEnd, action: 'changePlan' }
    case 'locked':
      return { situation, action: 'payToUnblock' }
    case 'manual':
      return { situation, action: 'readInvoices' }
  }
}
