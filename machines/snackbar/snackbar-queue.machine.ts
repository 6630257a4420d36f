import { assign, raise, setup } from 'xstate'
import { SNACKBAR_DEFAULT_DURATION_MS } from './snackbar.constants.ts'
import type { Snackbar, SnackbarQueueContext, SnackbarQueueEvent } from './snackbar.types.ts'

/**
 * Snackbars (SPEC §3-4, §9): queued and shown one at a time in order; each leaves after its duration
 * (3000 ms by default) unless it is indefinite, when the user closes it (if dismissible, the
 * default), or when the app removes it; then the next one in the queue shows.
 */
export const snackbarQueueMachine = setup({
  types: {
    context: {} as SnackbarQueueContext,
    events: {} as SnackbarQueueEvent,
  },
  actions: {
    present: assign((_, params: { snackbar: Snackbar }) => ({ current: params.snackbar })),
    enqueue: assign(({ context }, params: { snackbar: Snackbar }) => ({
      queue: [...context.queue, params.snackbar],
    })),
    showNext: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    clearCurrent: assign({ current: null }),
    advance: raise({ type: 'snackbar.advance' }),
    dropQueued: assign(({ context }, params: { id: string }) => ({
      queue: context.queue.filter((s) => s.id !== params.id),
    })),
  },
  guards: {
    isIndefinite: (_, params: { snackbar: Snackbar }) => params.snackbar.indefinite === true,
    nextIsIndefinite: ({ context }) => context.queue[0]?.indefinite === true,
    hasQueued: ({ context }) => context.queue.length > 0,
    isDismissible: ({ context }) => context.current?.dismissible !== false,
    isCurrent: ({ context }, params: { id: string }) => context.current?.id === params.id,
  },
  delays: {
    duration: ({ context }) => context.current?.duration ?? SNACKBAR_DEFAULT_DURATION_MS,
  },
}).createMachine({
  id: 'snackbar',
  context: { current: null, queue: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'snackbar.show': [
          {
            guard: { type: 'isIndefinite', params: ({ event }) => event },
            target: 'showing.permanent',
            actions: { type: 'present', params: ({ event }) => event },
          },
          { target: 'showing.timed', actions: { type: 'present', params: ({ event }) => event } },
        ],
      },
    },
    showing: {
      initial: 'timed',
      on: {
        'snackbar.show': { actions: { type: 'enqueue', params: ({ event }) => event } },
        'snackbar.close': { guard: 'isDismissible', actions: 'advance' },
        'snackbar.remove': [
          { guard: { type: 'isCurrent', params: ({ event }) => event }, actions: 'advance' },
          { actions: { type: 'dropQueued', params: ({ event }) => event } },
        ],
        // Re-entering restarts the timer for the next snackbar.
        'snackbar.advance': [
          { guard: 'nextIsIndefinite', target: '.permanent', reenter: true, actions: 'showNext' },
          { guard: 'hasQueued', target: '.timed', reenter: true, actions: 'showNext' },
          { target: 'idle', actions: 'clearCurrent' },
        ],
      },
      states: {
        timed: { after: { duration: { actions: 'advance' } } },
        permanent: {},
      },
    },
  },
})
