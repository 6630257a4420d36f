import { assign, fromPromise, setup } from 'xstate'
import type {
  ConfirmCodeInput,
  MobileCodeSent,
  MobileIdContext,
  MobileIdErrorCode,
  MobileIdEvent,
  MobileIdFailure,
} from './mobile-id.types.ts'

// Stand-ins so a caller that forgets machine.provide fails loudly instead of hanging.
const notProvided = (name: string) => () =>
  Promise.reject(new Error(`mobile-id: actor ${name} was not provided`))

/** The failure an actor rejected with, as the machine keeps it. */
function failureOf(error: unknown, fallback: MobileIdErrorCode): MobileIdFailure {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code, field } = error as { code: unknown; field?: unknown }
    if (typeof code === 'string' && code.startsWith('mobile_id.'))
      return { code: code as MobileIdErrorCode, ...(typeof field === 'string' ? { field } : {}) }
  }
  return { code: fallback }
}

/**
 * Registering the mobile number qualified signatures are confirmed with (SPEC §2
 * /profile/signature-standards/mobile-id): the number, a code sent to it by SMS, and the code back. The
 * caller provides `sendCode` (POST /v1/user/mobile) and `confirmCode` (POST /v1/user/mobile/confirm), which
 * reject with a {@link MobileIdFailure}-like value.
 */
export const mobileIdMachine = setup({
  types: {
    context: {} as MobileIdContext,
    events: {} as MobileIdEvent,
  },
  actors: {
    sendCode: fromPromise<MobileCodeSent, { mobile: string }>(notProvided('sendCode')),
    confirmCode: fromPromise<{ mobile: string }, ConfirmCodeInput>(notProvided('confirmCode')),
  },
  actions: {
    setMobile: assign((_, params: { mobile: string }) => ({ mobile: params.mobile })),
    setSent: assign((_, params: { sent: MobileCodeSent }) => ({
      sent: params.sent,
      errorCode: undefined,
      errorField: undefined,
    })),
    setFailure: assign((_, params: MobileIdFailure) => ({
      errorCode: params.code,
      errorField: params.field,
    })),
    clearError: assign({ errorCode: undefined, errorField: undefined }),
    setRegistered: assign((_, params: { mobile: string }) => ({ registered: params.mobile })),
  },
}).createMachine({
  id: 'mobileId',
  context: { mobile: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'number.submit': { target: 'sending', actions: { type: 'setMobile', params: ({ event }) => event } },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ mobile: context.mobile }),
        onDone: {
          target: 'awaitingCode',
          actions: { type: 'setSent', params: ({ event }) => ({ sent: event.output }) },
        },
        onError: [
          {
            // A code asked for again too soon: the last one still stands.
            guard: ({ context }) => context.sent !== undefined,
            target: 'awaitingCode',
            actions: {
              type: 'setFailure',
              params: ({ event }) => failureOf(event.error, 'mobile_id.send_failed'),
            },
          },
          {
            target: 'editing',
            actions: {
              type: 'setFailure',
              params: ({ event }) => failureOf(event.error, 'mobile_id.send_failed'),
            },
          },
        ],
      },
    },
    awaitingCode: {
      on: {
        'code.submit': { target: 'confirming', actions: 'clearError' },
        'code.resend': { target: 'sending', actions: 'clearError' },
        'number.change': { target: 'editing', actions: 'clearError' },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        src: 'confirmCode',
        // Only code.submit enters this state; the code is not kept in context.
        input: ({ context, event }) => ({
          id: context.sent?.id ?? '',
          secret: event.type === 'code.submit' ? event.secret : '',
        }),
        onDone: {
          target: 'registered',
          actions: { type: 'setRegistered', params: ({ event }) => event.output },
        },
        onError: {
          target: 'awaitingCode',
          actions: {
            type: 'setFailure',
            params: ({ event }) => failureOf(event.error, 'mobile_id.confirm_failed'),
          },
        },
      },
    },
    registered: {
      on: { 'number.change': { target: 'editing', actions: 'clearError' } },
    },
  },
})
