import { assign, fromPromise, setup } from 'xstate'
import type {
  ActiveDialog,
  DialogActionHandler,
  DialogHostContext,
  DialogHostEvent,
  DialogRunActionInput,
} from './dialog.types.ts'

/**
 * The dialog host (SPEC §3-4): one dialog at a time. Its action handler runs with a loading flag
 * (the `loading` tag); afterwards the dialog closes, unless the handler opened another dialog, which
 * then stays. A failed handler clears the loading flag and leaves the dialog open with an error code.
 * A dialog cannot be closed while its handler runs, except by leaving its page (`route.leave`).
 */
export const dialogHostMachine = setup({
  types: {
    context: {} as DialogHostContext,
    events: {} as DialogHostEvent,
  },
  actors: {
    // The effect is the caller's: this only calls the handler that came with the dialog.
    runAction: fromPromise<void, DialogRunActionInput>(({ input }) =>
      input.handler({ props: input.props, value: input.value }),
    ),
  },
  actions: {
    show: assign((_, params: { dialog: ActiveDialog }) => ({ dialog: params.dialog, error: null })),
    replace: assign((_, params: { dialog: ActiveDialog }) => ({
      dialog: params.dialog,
      replaced: true,
      error: null,
    })),
    settle: assign({ replaced: false }),
    fail: assign({ error: 'dialog.action_failed' as const }),
    reset: assign({ dialog: null, replaced: false, error: null }),
  },
  guards: {
    hasHandler: (_, params: { dialog: ActiveDialog | null }) => params.dialog?.action !== undefined,
    openedAnother: (_, params: { replaced: boolean }) => params.replaced,
    belongsToPage: (_, params: { dialog: ActiveDialog | null }) => params.dialog?.persistent !== true,
  },
}).createMachine({
  id: 'dialogHost',
  context: { dialog: null, replaced: false, error: null },
  initial: 'closed',
  states: {
    closed: {
      entry: 'reset',
      on: {
        'dialog.open': { target: 'open', actions: { type: 'show', params: ({ event }) => event } },
      },
    },
    open: {
      // Leaving the page closes its dialog, even while its action runs (which goes on, for the page it
      // was opened on); a persistent one stays.
      on: {
        'route.leave': {
          guard: { type: 'belongsToPage', params: ({ context }) => context },
          target: '#dialogHost.closed',
        },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'dialog.open': { actions: { type: 'show', params: ({ event }) => event } },
            'dialog.action': [
              { guard: { type: 'hasHandler', params: ({ context }) => context }, target: 'running' },
              { target: '#dialogHost.closed' },
            ],
            'dialog.close': '#dialogHost.closed',
          },
        },
        running: {
          tags: ['loading'],
          on: {
            'dialog.open': { actions: { type: 'replace', params: ({ event }) => event } },
          },
          invoke: {
            id: 'runAction',
            src: 'runAction',
            input: ({ context, event }) => ({
              // `hasHandler` let us in, so the dialog and its handler are there.
              handler: context.dialog?.action as DialogActionHandler,
              props: context.dialog?.props ?? {},
              value: event.type === 'dialog.action' ? event.value : undefined,
            }),
            onDone: [
              {
                guard: { type: 'openedAnother', params: ({ context }) => context },
                target: 'idle',
                actions: 'settle',
              },
              { target: '#dialogHost.closed' },
            ],
            onError: [
              {
                guard: { type: 'openedAnother', params: ({ context }) => context },
                target: 'idle',
                actions: 'settle',
              },
              { target: 'idle', actions: 'fail' },
            ],
          },
        },
      },
    },
  },
})
