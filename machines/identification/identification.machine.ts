import { assign, fromPromise, setup } from 'xstate'
import type {
  AppointmentStatus,
  HighestQuality,
  IdentificationContext,
  IdentificationErrorCode,
  IdentificationEvent,
  IdentificationInfo,
  IdentificationInput,
  IdentificationMethod,
  IdentificationPaymentConfirmation,
  IdentificationPaymentIntent,
  IdentificationRequest,
  Legislation,
} from './identification.types.ts'
import { identificationPollMs } from './identification-constants.ts'
import { identificationMethods } from './identification-methods.ts'
import { toIdentificationStatus } from './identification-status.ts'
import { isMethodActivated } from './is-method-activated.ts'

// Stand-ins so a caller that forgets machine.provide fails loudly instead of hanging.
const notProvided = (name: string) => () =>
  Promise.reject(new Error(`identification: actor ${name} was not provided`))

// Every state that calls the provider is entered only after a legislation was chosen.
function requestOf(context: IdentificationContext): IdentificationRequest {
  if (context.legislation === undefined) throw new Error('identification: no legislation chosen')
  return {
    legislation: context.legislation,
    method: context.method,
    signatureRequestId: context.signatureRequestId,
  }
}

/**
 * Identification for a qualified signature (SPEC §2, §4, §7): choose a legislation, learn whether
 * the licence covers it (which decides the methods offered), or else pay for one licence (start the payment,
 * the card form confirms it, the payment is confirmed, coverage is checked again), choose a method, start the
 * provider's identification, poll its appointment status until success or failure, then poll
 * the user's quality until the quality the method gives is active. A page the provider sent back
 * to resumes polling with `identification.resume`. The caller provides the actors
 * `checkCoverage`, `createPayment`, `confirmPayment`, `startIdentification`, `fetchIdentification` and
 * `fetchHighestQuality`.
 */
export const identificationMachine = setup({
  types: {
    context: {} as IdentificationContext,
    events: {} as IdentificationEvent,
    input: {} as IdentificationInput,
  },
  actors: {
    checkCoverage: fromPromise<boolean, IdentificationRequest>(notProvided('checkCoverage')),
    createPayment: fromPromise<IdentificationPaymentIntent, IdentificationRequest>(
      notProvided('createPayment'),
    ),
    confirmPayment: fromPromise<boolean, IdentificationPaymentConfirmation>(notProvided('confirmPayment')),
    startIdentification: fromPromise<IdentificationInfo, IdentificationRequest>(
      notProvided('startIdentification'),
    ),
    fetchIdentification: fromPromise<IdentificationInfo, IdentificationRequest>(
      notProvided('fetchIdentification'),
    ),
    fetchHighestQuality: fromPromise<HighestQuality>(notProvided('fetchHighestQuality')),
  },
  guards: {
    isOffered: ({ context }, params: { method: IdentificationMethod }) =>
      context.methods.includes(params.method),
    isNotCovered: ({ context }) => context.isCovered === false,
    /** The server refused the start for want of a licence (402 identification.payment_required). */
    isPaymentRequired: (_, params: { error: unknown }) =>
      typeof params.error === 'object' &&
      params.error !== null &&
      'code' in params.error &&
      params.error.code === 'identification.payment_required',
    isAppointment: (_, params: { appointmentStatus: AppointmentStatus; expected: AppointmentStatus }) =>
      toIdentificationStatus(params.appointmentStatus) === toIdentificationStatus(params.expected),
    isActivated: ({ context }, params: { quality: HighestQuality }) =>
      isMethodActivated(context.method, params.quality),
  },
  actions: {
    setLegislation: assign((_, params: { legislation: Legislation }) => ({
      legislation: params.legislation,
      errorCode: undefined,
    })),
    setCoverage: assign(({ context }, params: { isCovered: boolean }) => ({
      isCovered: params.isCovered,
      methods: context.legislation ? identificationMethods(context.legislation, params.isCovered) : [],
    })),
    clearLegislation: assign({
      legislation: undefined,
      isCovered: undefined,
      methods: [],
      method: undefined,
    }),
    resume: assign((_, params: { legislation: Legislation; method: IdentificationMethod }) => ({
      legislation: params.legislation,
      method: params.method,
      errorCode: undefined,
    })),
    setMethod: assign((_, params: { method: IdentificationMethod }) => ({
      method: params.method,
      errorCode: undefined,
    })),
    setInfo: assign((_, params: IdentificationInfo) => ({
      status: toIdentificationStatus(params.appointmentStatus),
      identUrl: params.identUrl,
    })),
    clearAttempt: assign({ status: undefined, identUrl: undefined, method: undefined }),
    setPayment: assign((_, params: { payment: IdentificationPaymentIntent }) => ({
      payment: params.payment,
      errorCode: undefined,
    })),
    clearPayment: assign({ payment: undefined }),
    clearError: assign({ errorCode: undefined }),
    setError: assign((_, params: { errorCode: IdentificationErrorCode }) => ({
      errorCode: params.errorCode,
    })),
  },
  delays: {
    poll: identificationPollMs,
  },
}).createMachine({
  id: 'identification',
  context: ({ input }) => ({ signatureRequestId: input.signatureRequestId, methods: [] }),
  initial: 'choosingLegislation',
  states: {
    choosingLegislation: {
      on: {
        // Back from the provider's page: the appointment was started before this page loaded.
        'identification.resume': {
          target: 'polling',
          actions: {
            type: 'resume',
            params: ({ event }) => ({ legislation: event.legislation, method: event.method }),
          },
        },
        'legislation.choose': {
          target: 'checkingCoverage',
          actions: { type: 'setLegislation', params: ({ event }) => ({ legislation: event.legislation }) },
        },
      },
    },
    checkingCoverage: {
      invoke: {
        id: 'checkCoverage',
        src: 'checkCoverage',
        input: ({ context }) => requestOf(context),
        onDone: {
          target: 'choosingMethod',
          actions: { type: 'setCoverage', params: ({ event }) => ({ isCovered: event.output }) },
        },
        onError: {
          target: 'choosingLegislation',
          actions: [
            'clearLegislation',
            { type: 'setError', params: { errorCode: 'identification.coverage_failed' } },
          ],
        },
      },
    },
    choosingMethod: {
      on: {
        'method.choose': {
          guard: { type: 'isOffered', params: ({ event }) => ({ method: event.method }) },
          target: 'starting',
          actions: { type: 'setMethod', params: ({ event }) => ({ method: event.method }) },
        },
        'legislation.change': { target: 'choosingLegislation', actions: 'clearLegislation' },
        // Not covered: one licence of the legislation is bought, which offers the covered methods.
        'payment.start': { guard: 'isNotCovered', target: 'creatingPayment' },
        'coverage.recheck': { guard: 'isNotCovered', target: 'checkingCoverage' },
      },
    },
    creatingPayment: {
      invoke: {
        id: 'createPayment',
        src: 'createPayment',
        input: ({ context }) => requestOf(context),
        onDone: {
          target: 'enteringCard',
          actions: { type: 'setPayment', params: ({ event }) => ({ payment: event.output }) },
        },
        onError: {
          target: 'choosingMethod',
          actions: { type: 'setError', params: { errorCode: 'identification.payment_failed' } },
        },
      },
    },
    enteringCard: {
      on: {
        // The card form confirmed the intent at the card provider; the server now learns the outcome.
        'payment.confirm': { target: 'confirmingPayment', actions: 'clearError' },
        'payment.cancel': { target: 'choosingMethod', actions: ['clearPayment', 'clearError'] },
      },
    },
    confirmingPayment: {
      invoke: {
        id: 'confirmPayment',
        src: 'confirmPayment',
        input: ({ context, event }) => {
          if (context.payment === undefined) throw new Error('identification: no payment to confirm')
          return {
            ...requestOf(context),
            paymentId: context.payment.id,
            intentId: event.type === 'payment.confirm' ? event.intentId : context.payment.intent.id,
          }
        },
        // Paid: coverage is asked again, which now offers the covered methods.
        onDone: { target: 'checkingCoverage', actions: 'clearPayment' },
        onError: {
          target: 'enteringCard',
          actions: { type: 'setError', params: { errorCode: 'identification.payment_declined' } },
        },
      },
    },
    starting: {
      invoke: {
        id: 'startIdentification',
        src: 'startIdentification',
        input: ({ context }) => requestOf(context),
        onDone: {
          target: 'awaitingAppointment',
          actions: { type: 'setInfo', params: ({ event }) => event.output },
        },
        onError: [
          {
            // Covered when the methods were offered, no more now (the licence was used, the business stopped
            // paying): coverage is asked again, so what can be done now (paying) is offered.
            guard: { type: 'isPaymentRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'checkingCoverage',
            actions: [
              'clearAttempt',
              { type: 'setError', params: { errorCode: 'identification.payment_required' } },
            ],
          },
          {
            target: 'choosingMethod',
            actions: [
              'clearAttempt',
              { type: 'setError', params: { errorCode: 'identification.start_failed' } },
            ],
          },
        ],
      },
    },
    awaitingAppointment: {
      after: { poll: { target: 'polling' } },
    },
    polling: {
      invoke: {
        id: 'fetchIdentification',
        src: 'fetchIdentification',
        input: ({ context }) => requestOf(context),
        onDone: [
          {
            guard: {
              type: 'isAppointment',
              params: ({ event }) => ({
                appointmentStatus: event.output.appointmentStatus,
                expected: 'success',
              }),
            },
            target: 'activatingQES',
            actions: { type: 'setInfo', params: ({ event }) => event.output },
          },
          {
            guard: {
              type: 'isAppointment',
              params: ({ event }) => ({
                appointmentStatus: event.output.appointmentStatus,
                expected: 'failure',
              }),
            },
            target: 'failure',
            actions: { type: 'setInfo', params: ({ event }) => event.output },
          },
          {
            target: 'awaitingAppointment',
            actions: { type: 'setInfo', params: ({ event }) => event.output },
          },
        ],
        // A failed poll is retried at the next interval; the appointment is still running.
        onError: { target: 'awaitingAppointment' },
      },
    },
    activatingQES: {
      after: { poll: { target: 'checkingQuality' } },
    },
    checkingQuality: {
      invoke: {
        id: 'fetchHighestQuality',
        src: 'fetchHighestQuality',
        onDone: [
          {
            guard: { type: 'isActivated', params: ({ event }) => ({ quality: event.output }) },
            target: 'done',
          },
          { target: 'activatingQES' },
        ],
        onError: { target: 'activatingQES' },
      },
    },
    done: { type: 'final' },
    failure: {
      on: {
        // Coverage again: a resumed flow has not checked it, and it may have changed since.
        'identification.retry': { target: 'checkingCoverage', actions: 'clearAttempt' },
      },
    },
  },
})
