import { type AnyMachineSnapshot, fromPromise } from 'xstate'
import { businessPaymentMachine } from '../../machines/business-payment/business-payment.machine.ts'
import type {
  BusinessPaymentEvent,
  BusinessPaymentSnapshot,
  PricePlan,
} from '../../machines/business-payment/business-payment.types.ts'
import { isCancelled } from '../../machines/business-payment/price-plan.ts'
import type { BrowserModel } from './model-paths.ts'

// The model never runs the calls: each path sends their answers, which the real server gives in the browser.
const never = fromPromise<never, unknown>(() => new Promise<never>(() => undefined))

const plan: PricePlan = { name: 'team', current: { base: { type: 'MONTHLY' } }, next: null, discounts: [] }
const business = (overrides: Partial<BusinessPaymentSnapshot>): BusinessPaymentSnapshot => ({
  paymentMethod: 'STRIPE',
  pricePlan: plan,
  cardSubscriptionStatus: 'active',
  deletionPending: false,
  ...overrides,
})
/** A business as the server answers it: in its trial, and subscribed by card (during the trial, or after). */
const samples = {
  trialing: business({ paymentMethod: 'TRIALING', cardSubscriptionStatus: null }),
  active: business({}),
  subscribedInTrial: business({ cardSubscriptionStatus: 'trialing' }),
}

/** What the journeys buy: the team plan, monthly, for its two seats, with a card of the sandbox provider. */
const order = {
  plan: 'team',
  cycle: 'monthly',
  seats: 2,
  currency: 'CHF',
  setupIntentId: 'card',
} as const

const done = (id: string, output?: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as BusinessPaymentEvent
const failed = (id: string, code: string) =>
  ({ type: `xstate.error.actor.${id}`, error: { code } }) as unknown as BusinessPaymentEvent

/** Why a transition is not taken in the browser. */
const fault = 'only a failing server or network refuses this call, and the journeys mock nothing'
const reload =
  'a reload of the business while its call runs: the app reloads it after the answer, so only a race could'

/** The answer of the running call, for each call state of the subscription region. */
const subscriptionAnswers: Record<string, (s: AnyMachineSnapshot) => BusinessPaymentEvent[]> = {
  endingTrial: () => [done('cancelTrial')],
  // Subscribed during its trial, a business runs the plan in it; after it, the plan is charged at once, and a
  // card the bank declines leaves the business as it was.
  subscribing: (s) => {
    const stored = s.context.business as BusinessPaymentSnapshot
    const inTrial = stored.paymentMethod === 'TRIALING' && !isCancelled(stored.pricePlan)
    // In its trial nothing is charged yet, so the bank declines no card then.
    return inTrial
      ? [done('upgrade', samples.subscribedInTrial)]
      : [done('upgrade', samples.active), failed('upgrade', 'billing.card_declined')]
  },
  changingSeats: () => [done('changeSeats')],
  changingPlan: () => [done('changePlan')],
  requestingCancellation: () => [done('cancelSubscription')],
  revokingCancellation: () => [done('reactivateSubscription')],
}

/** What an admin does in each state of the subscription region, on the billing and plan pages. */
const subscriptionActions: Record<string, BusinessPaymentEvent[]> = {
  trialing: [{ type: 'trial.cancel' }, { type: 'subscription.upgrade', order }],
  cancelled: [{ type: 'subscription.upgrade', order }],
  active: [
    { type: 'subscription.cancel' },
    { type: 'seats.change', change: { seats: 3, previewedAt: '' } },
    { type: 'plan.change', change: { plan: 'pro', cycle: 'monthly', previewedAt: '' } },
  ],
  cancelling: [{ type: 'subscription.reactivate' }],
}
subscriptionActions.subscribedInTrial = subscriptionActions.active ?? []

/**
 * The business payment machine as an admin drives it in Chromium: a business opened in its trial, its billing
 * page, the plans and checkout, and the deletion on its profile. The sandbox card provider answers the calls.
 */
export const paymentModel: BrowserModel<typeof businessPaymentMachine> = {
  name: 'business payment (browser)',
  machine: businessPaymentMachine.provide({
    actors: {
      upgrade: never,
      changeSeats: never,
      changePlan: never,
      cancelTrial: never,
      cancelSubscription: never,
      reactivateSubscription: never,
      deleteBusiness: never,
      revokeDeletion: never,
      downgradeToFree: never,
    } as never,
  }),
  input: { businessId: 'model' },
  serializeState: (s) => JSON.stringify([s.value, s.context.business, s.context.error !== null]),
  events: (s) => {
    const { subscription, deletion } = s.value as { subscription: string; deletion: string }
    if (subscription === 'unknown') return [{ type: 'business.update', business: samples.trialing }]
    // One thing at a time, as on the screens: a running call is answered first.
    const answer = subscriptionAnswers[subscription]
    if (answer) return answer(s)
    if (deletion === 'deleting') return [done('deleteBusiness')]
    if (deletion === 'revoking') return [done('revokeDeletion')]
    if (deletion === 'pending') return [{ type: 'deletion.revoke' }]
    // A business is deleted from its trial or once its plan ended, not while a subscription runs.
    const canDelete = subscription === 'trialing' || subscription === 'cancelled'
    return [
      ...(subscriptionActions[subscription] ?? []),
      ...(canDelete ? [{ type: 'business.delete' } as const] : []),
    ]
  },
  unreachable: {
    ...Object.fromEntries(
      [
        'endingTrial',
        'downgradingToFree',
        'subscribing',
        'changingPlan',
        'changingSeats',
        'requestingCancellation',
        'revokingCancellation',
      ].map((state) => [`businessPayment.subscription.${state} --business.update--> (self)`, reload]),
    ),
    'businessPayment.deletion.deleting --business.update--> (self)': reload,
    'businessPayment.deletion.revoking --business.update--> (self)': reload,
    'businessPayment.subscription.endingTrial --xstate.error.actor.cancelTrial--> businessPayment.subscription.trialing':
      fault,
    'businessPayment.subscription.requestingCancellation --xstate.error.actor.cancelSubscription--> businessPayment.subscription.settling':
      fault,
    'businessPayment.subscription.revokingCancellation --xstate.error.actor.reactivateSubscription--> businessPayment.subscription.cancelling':
      fault,
    'businessPayment.deletion.deleting --xstate.error.actor.deleteBusiness--> businessPayment.deletion.none':
      fault,
    'businessPayment.deletion.revoking --xstate.error.actor.revokeDeletion--> businessPayment.deletion.pending':
      fault,
  },
}
