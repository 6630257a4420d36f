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
/**
 * A business as the server answers it: in its trial, subscribed by card (during the trial, or after), its trial
 * run out, blocked for an unpaid renewal, and invoiced by hand.
 */
const samples = {
  trialing: business({ paymentMethod: 'TRIALING', cardSubscriptionStatus: null }),
  active: business({}),
  subscribedInTrial: business({ cardSubscriptionStatus: 'trialing' }),
  trialExpired: business({ paymentMethod: 'NEEDS_PAYMENT_METHOD', cardSubscriptionStatus: null }),
  locked: business({ paymentMethod: 'BLOCKED', cardSubscriptionStatus: 'past_due' }),
  manual: business({ paymentMethod: 'MANUAL', cardSubscriptionStatus: null }),
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

/**
 * Why the server answers the business anew: the admin opened it, or reloaded it (a page reload, or during a
 * call the refetch another tab's change causes), or time or the operator changed it: the trial ran out, an
 * unpaid renewal went past its grace period, the operator invoices it by hand.
 */
export type UpdateCause = 'opened' | 'reloaded' | 'trialEnded' | 'graceEnded' | 'invoicedByHand'

const update = (business: BusinessPaymentSnapshot, cause: UpdateCause) =>
  ({ type: 'business.update', business, cause }) as BusinessPaymentEvent

/** Why the server answers a business.update event: see {@link UpdateCause}. */
export const causeOf = (event: { type: string }) => (event as { cause?: UpdateCause }).cause ?? 'opened'

/** Calls that only a failing network refuses: the journeys drop the connection of that one call. */
export const networkFailed = 'network'

/** The answer of the running call, for each call state of the subscription region. */
const subscriptionAnswers: Record<string, (s: AnyMachineSnapshot) => BusinessPaymentEvent[]> = {
  endingTrial: () => [done('cancelTrial'), failed('cancelTrial', networkFailed)],
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
  downgradingToFree: () => [done('downgradeToFree'), failed('downgradeToFree', networkFailed)],
  changingSeats: () => [done('changeSeats'), failed('changeSeats', networkFailed)],
  changingPlan: () => [done('changePlan'), failed('changePlan', networkFailed)],
  requestingCancellation: () => [done('cancelSubscription'), failed('cancelSubscription', networkFailed)],
  revokingCancellation: () => [
    done('reactivateSubscription'),
    failed('reactivateSubscription', networkFailed),
  ],
}

/** What an admin does in each state of the subscription region, on the billing and plan pages. */
const subscriptionActions: Record<string, BusinessPaymentEvent[]> = {
  trialing: [{ type: 'trial.cancel' }, { type: 'subscription.upgrade', order }],
  trialExpired: [{ type: 'subscription.upgrade', order }, { type: 'plan.downgradeToFree' }],
  cancelled: [{ type: 'subscription.upgrade', order }, { type: 'plan.downgradeToFree' }],
  active: [
    { type: 'subscription.cancel' },
    { type: 'seats.change', change: { seats: 3, previewedAt: '' } },
    { type: 'plan.change', change: { plan: 'pro', cycle: 'monthly', previewedAt: '' } },
  ],
  cancelling: [{ type: 'subscription.reactivate' }],
}
subscriptionActions.subscribedInTrial = subscriptionActions.active ?? []

/**
 * What time or the operator does to a business in each state of the subscription region: its trial runs out,
 * the operator invoices it by hand, and a renewal the card's bank declines stays unpaid past its grace period.
 */
const serverChanges: Record<string, (stored: BusinessPaymentSnapshot) => BusinessPaymentEvent[]> = {
  trialing: () => [update(samples.trialExpired, 'trialEnded'), update(samples.manual, 'invoicedByHand')],
  subscribedInTrial: () => [update(samples.locked, 'graceEnded')],
}

/** Where the business's pages are open to its admin: an expired trial or a blocked business holds it on members. */
const deletable = new Set(['trialing', 'active', 'subscribedInTrial', 'cancelling', 'manual'])

/**
 * The business payment machine as an admin drives it in Chromium: a business opened in its trial, its billing
 * page, the plans and checkout, and the deletion on its profile. The sandbox card provider answers the calls,
 * the server's clock and the operator's command change the business, and a network failure refuses a call.
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
    if (subscription === 'unknown') return [update(samples.trialing, 'opened')]
    const stored = s.context.business as BusinessPaymentSnapshot
    // The business as the server has it now: a reload settles both regions on it (a running call's region
    // waits for its answer).
    const reload = update(
      { ...stored, deletionPending: deletion === 'pending' || deletion === 'revoking' },
      'reloaded',
    )
    // One thing at a time, as on the screens: a running call is answered first.
    const answer = subscriptionAnswers[subscription]
    if (answer) return [...answer(s), reload]
    if (deletion === 'deleting')
      return [done('deleteBusiness'), failed('deleteBusiness', networkFailed), reload]
    if (deletion === 'revoking')
      return [done('revokeDeletion'), failed('revokeDeletion', networkFailed), reload]
    const open = deletable.has(subscription)
    const deletionActions: BusinessPaymentEvent[] = !open
      ? []
      : deletion === 'pending'
        ? [{ type: 'deletion.revoke' }]
        : [{ type: 'business.delete' }]
    return [
      ...(subscriptionActions[subscription] ?? []),
      ...deletionActions,
      ...(deletion === 'none' ? (serverChanges[subscription]?.(stored) ?? []) : []),
      reload,
    ]
  },
  // The free plan closes the business: its pages are gone.
  ends: (event) => (event.type as string) === 'xstate.done.actor.downgradeToFree',
  unreachable: {},
}
