import { assign, fromPromise, setup } from 'xstate'
import type { EmbeddedSession } from '../../contract/embedding.ts'
import type {
  EmbeddedSigningContext,
  EmbeddedSigningEvent,
  HostMessageType,
} from './embedded-signing.types.ts'

/**
 * The embedded signing page (issue 41 §3): it opens the direct-sign session of its signing URL, then tells its
 * host it is `loaded`, and `signed` or `declined` when the signer did, or `error` when the URL cannot be opened.
 * Provide `openSession` (the call, which throws an error with a code) and `notifyHost` (the `postMessage`).
 */
export const embeddedSigningMachine = setup({
  types: {
    context: {} as EmbeddedSigningContext,
    events: {} as EmbeddedSigningEvent,
  },
  actors: {
    openSession: fromPromise<EmbeddedSession>(() => Promise.reject(new Error('provide openSession'))),
  },
  actions: {
    /** Posts a message to the host page; the caller provides it. */
    notifyHost: (_, _params: { type: HostMessageType }) => {},
  },
}).createMachine({
  id: 'embeddedSigning',
  context: { session: null, errorCode: null },
  initial: 'opening',
  states: {
    opening: {
      invoke: {
        src: 'openSession',
        onDone: { target: 'signing', actions: assign({ session: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            errorCode: ({ event }) =>
              event.error instanceof Error && 'code' in event.error && typeof event.error.code === 'string'
                ? event.error.code
                : 'server.error',
          }),
        },
      },
    },
    signing: {
      entry: { type: 'notifyHost', params: { type: 'loaded' } },
      on: {
        'request.signed': { target: 'signed' },
        'request.declined': { target: 'declined' },
      },
    },
    signed: { type: 'final', entry: { type: 'notifyHost', params: { type: 'signed' } } },
    declined: { type: 'final', entry: { type: 'notifyHost', params: { type: 'declined' } } },
    failed: { type: 'final', entry: { type: 'notifyHost', params: { type: 'error' } } },
  },
})
