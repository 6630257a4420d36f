import { assign, fromPromise, setup } from 'xstate'
import { type CountryCode, defaultPhoneCountry, mobileNumberE164 } from '../../contract/phone-number.ts'
import type {
  ConfirmCodeInput,
  MobileCodeSent,
  MobileIdContext,
  MobileIdErrorCode,
  MobileIdEvent,
  MobileIdFailure,
  SendCodeInput,
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
 * /profile/signature-standards/mobile-id, and as a step of the first qualified signing): the number, a code
 * sent to it by SMS, and the code back. A number is read for the chosen country when typed without its
 * country code (`079 123 45 67` in CH) and sent in E.164; one that is no mobile number there is refused at
 * once. The caller provides `sendCode` (POST /v1/user/mobile) and `confirmCode` (POST /v1/user/mobile/confirm),
 * which reject with a {@link MobileIdFailure}-like value.
 */
export const mobileIdMachine = setup({
  types: {
    context: {} as MobileIdContext,
    events: {} as MobileIdEvent,
  },
  actors: {
    sendCode: fromPromise<MobileCodeSent, SendCodeInput>(notProvided('sendCode')),
    confirmCode: fromPromise<{ mobile: string }, ConfirmCodeInput>(notProvided('confirmCode')),
  },
  guards: {
    /** The typed number is a mobile number, read for its country. */
    isMobileNumber: (_, params: { mobile: string; country: CountryCode }) =>
      mobileNumberE164(params.mobile, params.country) !== undefined,
  },
  actions: {
    setMobile: assign((_, params: { mobile: string; country: CountryCode }) => ({
      mobile: mobileNumberE164(params.mobile, params.country) ?? params.mobile,
      country: params.country,
    })),
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
  context: { mobile: '', country: defaultPhoneCountry },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'number.submit': [
          {
            guard: { type: 'isMobileNumber', params: ({ event }) => event },
            target: 'sending',
            actions: { type: 'setMobile', params: ({ event }) => event },
          },
          {
            actions: {
              type: 'setFailure',
              params: { code: 'mobile_id.number_invalid', field: 'mobile' },
            },
          },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ mobile: context.mobile, country: context.country }),
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
        id: 'confirmCode',
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
