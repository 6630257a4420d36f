import { assign, fromPromise, setup } from 'xstate'
import type {
  BusinessCallInput,
  BusinessPaymentContext,
  BusinessPaymentError,
  BusinessPaymentEvent,
  BusinessPaymentInput,
  BusinessPaymentSnapshot,
  PricePlan,
} from './business-payment.types.ts'
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

/**
 * The subscription lifecycle of a business (SPEC §4 Business payment), in two regions. The
 * subscription follows the payment method and price plan: a trial can be cancelled; a card
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
    cancelTrial: notProvided('business.cancel_trial_not_provided'),
    cancelSubscription: notProvided('business.cancel_subscription_not_provided'),
    reactivateSubscription: notProvided('business.reactivate_subscription_not_provided'),
    deleteBusiness: notProvided('business.delete_not_provided'),
    revokeDeletion: notProvided('business.revoke_delete_not_provided'),
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
  },
  guards: {
    isLocked: (_, params: Business) => isLocked(params.business.paymentMethod),
    isTrialExpired: (_, params: Business) => isTrialExpired(params.business.paymentMethod),
    isTrialing: (_, params: Business) => isTrialing(params.business.paymentMethod),
    isManual: (_, params: Business) => isManuallyInvoiced(params.business.paymentMethod),
    isCancelled: (_, params: Business) => isCancelled(params.business.pricePlan),
    isCancelling: (_, params: Business) => isCancelling(params.business.pricePlan),
    isDeletionPending: (_, params: Business) => params.business.deletionPending,
  },
}).createMachine({
  id: 'businessPayment',
  type: 'parallel',
  context: ({ input }) => ({ businessId: input.businessId, business: null, error: null }),
  states: {
    subscription: {
      initial: 'unknown',
      on: {
        'business.update': [
          {
            guard: { type: 'isLocked', params: updated },
            target: '.locked',
            actions: { type: 'setBusiness', params: updated },
          },
          {
            guard: { type: 'isTrialExpired', params: updated },
            target: '.trialExpired',
            actions: { type: 'setBusiness', params: updated },
          },
          {
            guard: { type: 'isTrialing', params: updated },
            target: '.trialing',
            actions: { type: 'setBusiness', params: updated },
          },
          {
            guard: { type: 'isManual', params: updated },
            target: '.manual',
            actions: { type: 'setBusiness', params: updated },
          },
          {
            guard: { type: 'isCancelled', params: updated },
            target: '.cancelled',
            actions: { type: 'setBusiness', params: updated },
          },
          {
            guard: { type: 'isCancelling', params: updated },
            target: '.cancelling',
            actions: { type: 'setBusiness', params: updated },
          },
          { target: '.active', actions: { type: 'setBusiness', params: updated } },
        ],
      },
      states: {
        unknown: {},
        trialing: {
          on: { 'trial.cancel': { target: 'endingTrial', actions: 'clearError' } },
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
        trialExpired: {},
        locked: {},
        manual: {},
        active: {
          on: { 'subscription.cancel': { target: 'requestingCancellation', actions: 'clearError' } },
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
            onError: { target: 'active', actions: failure('business.cancel_subscription_failed') },
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
              target: 'active',
              actions: { type: 'changePlan', params: { change: withCancellationRevoked } },
            },
            onError: { target: 'cancelling', actions: failure('business.reactivate_subscription_failed') },
          },
        },
        // Left only through `business.update`, e.g. after a new upgrade.
        cancelled: {},
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
