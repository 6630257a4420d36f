import type { SnapshotFrom } from 'xstate'
import type { businessPaymentMachine } from './business-payment.machine.ts'
import type { BusinessPaymentError } from './business-payment.types.ts'
import { hasPaymentIssue } from './card-subscription.ts'

type Snapshot = SnapshotFrom<typeof businessPaymentMachine>

const order = { plan: '', cycle: 'yearly', seats: 1, currency: 'EUR', setupIntentId: '' } as const

/** What the billing and business screens need from the subscription lifecycle. */
export interface BusinessPaymentView {
  subscription: Snapshot['value']['subscription']
  deletion: Snapshot['value']['deletion']
  /** A call is running; buttons wait. */
  busy: boolean
  error: BusinessPaymentError | null
  paymentIssue: boolean
  canCancelTrial: boolean
  /** A plan can be chosen and paid for (trial, expired trial, ended subscription). */
  canUpgrade: boolean
  canChangeSeats: boolean
  /** Another plan or cycle can be chosen for the running subscription. */
  canChangePlan: boolean
  canCancelSubscription: boolean
  canReactivate: boolean
  canDelete: boolean
  canRevokeDeletion: boolean
  canDowngradeToFree: boolean
}

/** Turns a business payment snapshot into what the UI needs. */
export function businessPaymentView(snapshot: Snapshot): BusinessPaymentView {
  return {
    subscription: snapshot.value.subscription,
    deletion: snapshot.value.deletion,
    busy: snapshot.hasTag('busy'),
    error: snapshot.context.error,
    paymentIssue: hasPaymentIssue(snapshot.context.business?.cardSubscriptionStatus ?? null),
    canCancelTrial: snapshot.can({ type: 'trial.cancel' }),
    canUpgrade: snapshot.can({ type: 'subscription.upgrade', order }),
    canChangeSeats: snapshot.can({ type: 'seats.change', change: { seats: 1, previewedAt: '' } }),
    canChangePlan: snapshot.can({
      type: 'plan.change',
      change: { plan: '', cycle: 'yearly', previewedAt: '' },
    }),
    canCancelSubscription: snapshot.can({ type: 'subscription.cancel' }),
    canReactivate: snapshot.can({ type: 'subscription.reactivate' }),
    canDelete: snapshot.can({ type: 'business.delete' }),
    canRevokeDeletion: snapshot.can({ type: 'deletion.revoke' }),
    canDowngradeToFree: snapshot.can({ type: 'plan.downgradeToFree' }),
  }
}
