import { assign, fromPromise, setup } from 'xstate'
import type { PublicVisitContext, PublicVisitEvent } from './public-visit.types.ts'

/** The stable code of a refused call, else `server.error`. */
const codeOf = (error: unknown) =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'server.error'

/**
 * A visitor of a template's public link (issue 41 §1): gives their e-mail, gets a code by mail, enters it, and
 * is sent to the direct signing page of the request started for them. Provide `requestCode` (answers the
 * visit's id), `confirmCode` (answers the signing link) and `leave` (navigation) with `machine.provide`.
 */
export const publicVisitMachine = setup({
  types: { context: {} as PublicVisitContext, events: {} as PublicVisitEvent },
  actors: {
    requestCode: fromPromise<string, { email: string }>(() =>
      Promise.reject(new Error('provide requestCode')),
    ),
    confirmCode: fromPromise<string, { visitId: string; code: string }>(() =>
      Promise.reject(new Error('provide confirmCode')),
    ),
  },
  actions: {
    /** Navigates to the signing link; the caller provides it. */
    leave: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'publicVisit',
  context: { email: '', visitId: null, errorCode: null },
  initial: 'enteringEmail',
  states: {
    enteringEmail: {
      on: {
        'email.submit': {
          target: 'requestingCode',
          actions: assign({ email: ({ event }) => event.email, errorCode: null }),
        },
      },
    },
    requestingCode: {
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'codeSent',
          actions: assign({ visitId: ({ event }) => event.output, errorCode: null }),
        },
        onError: {
          target: 'enteringEmail',
          actions: assign({ errorCode: ({ event }) => codeOf(event.error) }),
        },
      },
    },
    codeSent: {
      on: {
        'code.submit': { target: 'confirming' },
        'code.resend': { target: 'requestingCode' },
      },
    },
    confirming: {
      invoke: {
        src: 'confirmCode',
        input: ({ context, event }) => ({
          visitId: context.visitId ?? '',
          code: event.type === 'code.submit' ? event.code : '',
        }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'leave', params: ({ event }) => ({ url: event.output }) },
        },
        onError: { target: 'codeSent', actions: assign({ errorCode: ({ event }) => codeOf(event.error) }) },
      },
    },
    redirecting: { type: 'final' },
  },
})
