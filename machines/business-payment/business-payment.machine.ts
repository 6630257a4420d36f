import { assign, fromPromise, setup } from 'xstate'
import { billingErrorCode } from './billing-error.ts'
import type {
  BusinessCallInput,
  BusinessPaymentContext,
  BusinessPaymentError,
  BusinessPaymentEvent,
  BusinessPaymentInput,
  BusinessPaymentSnapshot,
  PlanChangeInput,
  PricePlan,
  SeatsChangeInput,
  UpgradeInput,
} from './business-payment.types.ts'
import { isSubscribedInTrial } from './card-subscription.ts'
import { isLocked, isManuallyInvoiced, isTrialExpired, isTrialing } from './payment-method.ts'
import {
  isCancelled,
  isCancelling,
  withCancellationRevoked,
  withCancellationScheduled,
  withCurrentCancelled,
} from './price-plan.ts'

type Business = { business: BusinessPaymentSnapshot }

const notProvided = (code: string) =>
  fromPromise<void, BusinessCallInput>(() => Promise.reject(new Error(code)))
const updated = ({ event }: { event: Business }) => event
const callInput = ({ context }: { context: BusinessPaymentContext }): BusinessCallInput => ({
  businessId: context.businessId,
})
const failure = (error: BusinessPaymentError) => ({ type: 'fail', params: { error } }) as const
const busy = ['busy']
const settled = ({ context }: { context: BusinessPaymentContext }) => ({
  business: context.business as BusinessPaymentSnapshot,
})
/** A failed call keeps the server's billing code (a declined card says why), or names the call. */
const failedWith = (fallback: BusinessPaymentError) =>
  ({
    type: 'failWith',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, fallback }),
  }) as const

/**
 * The subscription lifecycle of a business (SPEC §4 Business payment), in two regions. The
 * subscription follows the payment method and price plan: a trial can be cancelled, or a plan chosen in it
 * that is first charged when the trial ends (subscribedInTrial); a card
 * subscription can be cancelled, which schedules the end (cancelling), and that can be revoked
 * (reactivated), which clears the next plan. The deletion of a business can be revoked while pending.
 * Every `business.update` re-settles both regions from the server's data, except a region whose call
 * is running, which its call's outcome settles. The calls are actors the caller provides; a failed
 * call returns to where it started with an error code.
 */
export const businessPaymentMachine = setup({
  types: {
    context: {} as BusinessPaymentContext,
    events: {} as BusinessPaymentEvent,
    input: {} as BusinessPaymentInput,
  },
  actors: {
    upgrade: fromPromise<BusinessPaymentSnapshot, UpgradeInput>(() =>
      Promise.reject(new Error('business.upgrade_not_provided')),
    ),
    changeSeats: fromPromise<void, SeatsChangeInput>(() =>
      Promise.reject(new Error('business.seats_change_not_provided')),
    ),
    changePlan: fromPromise<void, PlanChangeInput>(() =>
      Promise.reject(new Error('business.plan_change_not_provided')),
    ),
    cancelTrial: notProvided('business.cancel_trial_not_provided'),
    cancelSubscription: notProvided('business.cancel_subscription_not_provided'),
    reactivateSubscription: notProvided('business.reactivate_subscription_not_provided'),
    deleteBusiness: notProvided('business.delete_not_provided'),
    revokeDeletion: notProvided('business.revoke_delete_not_provided'),
    downgradeToFree: notProvided('business.free_downgrade_not_provided'),
  },
  actions: {
    setBusiness: assign((_, params: Business) => ({ business: params.business })),
    changePlan: assign(({ context }, params: { change: (plan: PricePlan) => PricePlan }) => ({
      business: context.business && {
        ...context.business,
        pricePlan: params.change(context.business.pricePlan),
      },
    })),
    clearError: assign({ error: null }),
    fail: assign((_, params: { error: BusinessPaymentError }) => ({ error: params.error })),
    failWith: assign((_, params: { error: unknown; fallback: BusinessPaymentError }) => ({
      error: billingErrorCode(params.error) ?? params.fallback,
    })),
  },
  guards: {
    isLocked: (_, params: Business) => isLocked(params.business.paymentMethod),
    isTrialExpired: (_, params: Business) => isTrialExpired(params.business.paymentMethod),
    isTrialing: (_, params: Business) => isTrialing(params.business.paymentMethod),
    isManual: (_, params: Business) => isManuallyInvoiced(params.business.paymentMethod),
    isCancelled: (_, params: Business) => isCancelled(params.business.pricePlan),
    isCancelling: (_, params: Business) => isCancelling(params.business.pricePlan),
    isDeletionPending: (_, params: Business) => params.business.deletionPending,
    isSubscribedInTrial: (_, params: Business) => isSubscribedInTrial(params.business.cardSubscriptionStatus),
  },
}).createMachine({
  id: 'businessPayment',
  type: 'parallel',
  context: ({ input }) => ({ businessId: input.businessId, business: null, error: null }),
  states: {
    subscription: {
      initial: 'unknown',
      on: {
        'business.update': { target: '.settling', actions: { type: 'setBusiness', params: updated } },
      },
      states: {
        // Where the stored business puts the subscription: after every reload, and after a failed
        // subscribe, whose call may have changed the business before it failed.
        settling: {
          always: [
            { guard: { type: 'isLocked', params: settled }, target: 'locked' },
            // Before an expired trial: an ended trial or subscription also needs a payment method, and
            // "cancelled" says why.
            { guard: { type: 'isCancelled', params: settled }, target: 'cancelled' },
            { guard: { type: 'isTrialExpired', params: settled }, target: 'trialExpired' },
            { guard: { type: 'isTrialing', params: settled }, target: 'trialing' },
            { guard: { type: 'isManual', params: settled }, target: 'manual' },
            { guard: { type: 'isCancelling', params: settled }, target: 'cancelling' },
            { guard: { type: 'isSubscribedInTrial', params: settled }, target: 'subscribedInTrial' },
            { target: 'active' },
          ],
        },
        unknown: {},
        trialing: {
          on: {
            'trial.cancel': { target: 'endingTrial', actions: 'clearError' },
            'subscription.upgrade': { target: 'subscribing', actions: 'clearError' },
          },
        },
        endingTrial: {
          tags: busy,
          // A reload during the call must neither abort it nor settle the state: the call's outcome does.
          on: { 'business.update': {} },
          invoke: {
            id: 'cancelTrial',
            src: 'cancelTrial',
            input: callInput,
            onDone: {
              target: 'cancelled',
              actions: { type: 'changePlan', params: { change: withCurrentCancelled } },
            },
            onError: { target: 'trialing', actions: failure('business.cancel_trial_failed') },
          },
        },
        trialExpired: {
          on: {
            'subscription.upgrade': { target: 'subscribing', actions: 'clearError' },
            'plan.downgradeToFree': { target: 'downgradingToFree', actions: 'clearError' },
          },
        },
        // The business closes and its people move to the free plan: the deletion region then shows it
        // pending until it is gone; a refusal leaves it where it was.
        downgradingToFree: {
          tags: busy,
          on: { 'business.update': {} },
          invoke: {
            id: 'downgradeToFree',
            src: 'downgradeToFree',
            input: callInput,
            onDone: 'settling',
            onError: { target: 'settling', actions: failure('business.free_downgrade_failed') },
          },
        },
        subscribing: {
          tags: busy,
          on: { 'business.update': {} },
          invoke: {
            id: 'upgrade',
            src: 'upgrade',
            input: ({ context, event }) => ({
              businessId: context.businessId,
              order: (event as Extract<BusinessPaymentEvent, { type: 'subscription.upgrade' }>).order,
            }),
            // Active, or subscribed in the trial when it was chosen during one: the business says which.
            onDone: {
              target: 'settling',
              actions: { type: 'setBusiness', params: ({ event }) => ({ business: event.output }) },
            },
            onError: { target: 'settling', actions: failedWith('business.upgrade_failed') },
          },
        },
        // Unpaid renewals past the grace period: a new payment method pays them (no transition here).
        locked: {},
        manual: {},
        active: {
          on: {
            'subscription.cancel': { target: 'requestingCancellation', actions: 'clearError' },
            'seats.change': { target: 'changingSeats', actions: 'clearError' },
            'plan.change': { target: 'changingPlan', actions: 'clearError' },
          },
        },
        // A plan chosen during the trial: it runs, and its first period is charged when the trial ends
        // (the provider's renewal then makes it active). Seats and plan change at no charge until then.
        subscribedInTrial: {
          on: {
            'subscription.cancel': { target: 'requestingCancellation', actions: 'clearError' },
            'seats.change': { target: 'changingSeats', actions: 'clearError' },
            'plan.change': { target: 'changingPlan', actions: 'clearError' },
          },
        },
        changingPlan: {
          tags: busy,
          on: { 'business.update': {} },
          invoke: {
            id: 'changePlan',
            src: 'changePlan',
            input: ({ context, event }) => ({
              businessId: context.businessId,
              change: (event as Extract<BusinessPaymentEvent, { type: 'plan.change' }>).change,
            }),
            onDone: 'settling',
            onError: { target: 'settling', actions: failedWith('business.plan_change_failed') },
          },
        },
        changingSeats: {
          tags: busy,
          on: { 'business.update': {} },
          invoke: {
            id: 'changeSeats',
            src: 'changeSeats',
            input: ({ context, event }) => ({
              businessId: context.businessId,
              change: (event as Extract<BusinessPaymentEvent, { type: 'seats.change' }>).change,
            }),
            onDone: 'settling',
            onError: { target: 'settling', actions: failedWith('business.seats_change_failed') },
          },
        },
        requestingCancellation: {
          tags: busy,
          on: { 'business.update': {} },
          invoke: {
            id: 'cancelSubscription',
            src: 'cancelSubscription',
            input: callInput,
            onDone: {
              target: 'cancelling',
              actions: { type: 'changePlan', params: { change: withCancellationScheduled } },
            },
            onError: { target: 'settling', actions: failure('business.cancel_subscription_failed') },
          },
        },
        cancelling: {
          on: { 'subscription.reactivate': { target: 'revokingCancellation', actions: 'clearError' } },
        },
        revokingCancellation: {
          tags: busy,
          on: { 'business.update': {} },
          invoke: {
            id: 'reactivateSubscription',
            src: 'reactivateSubscription',
            input: callInput,
            onDone: {
              target: 'settling',
              actions: { type: 'changePlan', params: { change: withCancellationRevoked } },
            },
            onError: { target: 'cancelling', actions: failure('business.reactivate_subscription_failed') },
          },
        },
        // Ended: subscribing again starts a new subscription.
        cancelled: {
          on: {
            'subscription.upgrade': { target: 'subscribing', actions: 'clearError' },
            'plan.downgradeToFree': { target: 'downgradingToFree', actions: 'clearError' },
          },
        },
      },
    },
    deletion: {
      initial: 'unknown',
      on: {
        'business.update': [
          { guard: { type: 'isDeletionPending', params: updated }, target: '.pending' },
          { target: '.none' },
        ],
      },
      states: {
        unknown: {},
        none: {
          on: { 'business.delete': { target: 'deleting', actions: 'clearError' } },
        },
        deleting: {
          tags: busy,
          // A reload during the call must neither abort it nor settle the state: the call's outcome does.
          on: { 'business.update': {} },
          invoke: {
            id: 'deleteBusiness',
            src: 'deleteBusiness',
            input: callInput,
            onDone: 'pending',
            onError: { target: 'none', actions: failure('business.delete_failed') },
          },
        },
        pending: {
          on: { 'deletion.revoke': { target: 'revoking', actions: 'clearError' } },
        },
        revoking: {
          tags: busy,
          on: { 'business.update': {} },
          invoke: {
            id: 'revokeDeletion',
            src: 'revokeDeletion',
            input: callInput,
            onDone: 'none',
            onError: { target: 'pending', actions: failure('business.revoke_delete_failed') },
          },
        },
      },
    },
  },
})
