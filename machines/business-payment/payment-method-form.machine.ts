import { assign, fromPromise, setup } from 'xstate'
import type { SetupIntent } from '../../contract/billing.ts'
import { callErrorCode } from './billing-error.ts'
import type {
  CompleteMethodInput,
  ConfirmMethodInput,
  PaymentMethodFormContext,
  PaymentMethodFormEvent,
} from './payment-method-form.types.ts'

/**
 * A payment method given in one form (SPEC §4 Business payment, identification licences): the card
 * provider's setup is made, the payer's card or SEPA debit is confirmed with the provider (never with our
 * server), and the host uses the confirmed setup (subscribe, replace the default, pay a licence). A declined
 * method or a failed use leaves the same setup to try another method in; a used one is replaced by a new
 * setup. Making the setup and using it are actors the caller provides.
 */
export const paymentMethodFormMachine = setup({
  types: {
    context: {} as PaymentMethodFormContext,
    events: {} as PaymentMethodFormEvent,
  },
  actors: {
    createSetup: fromPromise<SetupIntent>(() => Promise.reject(new Error('billing.setup_not_provided'))),
    confirmMethod: fromPromise<string, ConfirmMethodInput>(({ input }) => input.confirm(input.intent)),
    complete: fromPromise<void, CompleteMethodInput>(() =>
      Promise.reject(new Error('billing.complete_not_provided')),
    ),
  },
  actions: {
    setIntent: assign((_, params: { intent: SetupIntent }) => ({ intent: params.intent })),
    setConfirmed: assign((_, params: { setupIntentId: string }) => ({ confirmed: params.setupIntentId })),
    clearError: assign({ error: null }),
    fail: assign((_, params: { error: unknown }) => ({
      error: callErrorCode(params.error) ?? 'server.error',
    })),
  },
}).createMachine({
  id: 'paymentMethodForm',
  context: { intent: null, confirmed: null, error: null },
  initial: 'preparing',
  states: {
    preparing: {
      invoke: {
        id: 'createSetup',
        src: 'createSetup',
        onDone: {
          target: 'ready',
          actions: { type: 'setIntent', params: ({ event }) => ({ intent: event.output }) },
        },
        onError: { target: 'unavailable', actions: { type: 'fail', params: ({ event }) => event } },
      },
    },
    // No setup, so no form (e.g. payments are not available on this server).
    unavailable: {},
    ready: {
      on: { 'method.submit': { target: 'confirming', actions: 'clearError' } },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirmMethod',
        src: 'confirmMethod',
        input: ({ context, event }) => ({
          intent: context.intent as SetupIntent,
          confirm: (event as PaymentMethodFormEvent).confirm,
        }),
        onDone: {
          target: 'completing',
          actions: { type: 'setConfirmed', params: ({ event }) => ({ setupIntentId: event.output }) },
        },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => event } },
      },
    },
    completing: {
      tags: ['busy'],
      invoke: {
        id: 'complete',
        src: 'complete',
        input: ({ context }) => ({ setupIntentId: context.confirmed ?? '' }),
        // A confirmed setup is used up: the next method needs a new one.
        onDone: 'preparing',
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => event } },
      },
    },
  },
})
