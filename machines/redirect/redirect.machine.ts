import { assign, setup } from 'xstate'
import type { RedirectContext, RedirectEvent, RedirectInput } from './redirect.types.ts'
import { countdownTickMs } from './redirect-constants.ts'

/**
 * Post-signing redirect (SPEC §4): once a request is signed (`redirect.start`), counts down once
 * per second and leaves to the exit URL at zero, at once when the timeout is 0, and only for the
 * request the user last viewed; otherwise it stays idle. The user may stay instead, or leave at once. Provide `leave` (navigation) with
 * `machine.provide({ actions: { leave } })`.
 */
export const redirectMachine = setup({
  types: {
    context: {} as RedirectContext,
    input: {} as RedirectInput,
    events: {} as RedirectEvent,
  },
  guards: {
    isLastViewedRequest: ({ context }, params: { requestId: string }) =>
      params.requestId === context.lastViewedRequestId,
    isDue: ({ context }) => context.remaining <= 0,
  },
  actions: {
    countDown: assign({ remaining: ({ context }) => context.remaining - 1 }),
    /** Navigates away; the caller provides it. */
    leave: (_, _params: { url: string }) => {},
  },
  delays: {
    tick: countdownTickMs,
  },
}).createMachine({
  id: 'redirect',
  context: ({ input }) => ({
    lastViewedRequestId: input.lastViewedRequestId,
    url: input.url,
    remaining: input.timeout,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'redirect.start': {
          guard: { type: 'isLastViewedRequest', params: ({ event }) => ({ requestId: event.requestId }) },
          target: 'countingDown',
        },
      },
    },
    countingDown: {
      // A timeout of 0 passes straight through to leaving.
      always: { guard: 'isDue', target: 'leaving' },
      after: {
        tick: { target: 'countingDown', reenter: true, actions: 'countDown' },
      },
      on: {
        'redirect.cancel': { target: 'cancelled' },
        'redirect.leaveNow': { target: 'leaving' },
      },
    },
    leaving: {
      type: 'final',
      entry: { type: 'leave', params: ({ context }) => ({ url: context.url }) },
    },
    cancelled: { type: 'final' },
  },
})
