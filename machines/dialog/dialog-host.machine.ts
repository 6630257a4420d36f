import { assign, type DoneActorEvent, fromPromise, setup } from 'xstate'
import type {
  ActiveDialog,
  DialogAction,
  DialogActionResult,
  DialogHostContext,
  DialogHostEvent,
} from './dialog.types.ts'

const policy = ({ context }: { context: DialogHostContext }) => ({ dialog: context.dialog })
const outcome = ({ context, event }: { context: DialogHostContext; event: DoneActorEvent<unknown> }) => ({
  dialog: context.dialog,
  result: event.output,
})
// Only `dialog.action` enters `running`; it carries the action to run.
const submitted = ({ event }: { event: DialogHostEvent }): DialogAction =>
  event.type === 'dialog.action' ? event.run : async () => undefined

/**
 * The dialog host (SPEC §2-4), for dialogs and full-screen overlays alike: one at a time. Its action
 * runs with a loading flag (the `loading` tag); afterwards it closes as the dialog's close policy says
 * (a dialog once the action is done, an overlay only when it answers `complete`), unless the action
 * opened another dialog, which then stays. A failed action clears the loading flag and leaves the
 * dialog open with an error code. Escape, an outside click or the close button close only a
 * dismissible dialog, and never while its action runs; the dialog's own way out (`dialog.dismiss`: its
 * Cancel, or whatever its opener offers instead of the action) closes any dialog but a running one; leaving the page (`route.leave`) closes any
 * dialog but a persistent one, even while its action runs.
 */
export const dialogHostMachine = setup({
  types: {
    context: {} as DialogHostContext,
    events: {} as DialogHostEvent,
  },
  actors: {
    // The effect is the opener's: this only runs the action the content submitted.
    runAction: fromPromise<DialogActionResult | undefined, DialogAction>(({ input }) => input()),
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
    openedAnother: (_, params: { replaced: boolean }) => params.replaced,
    dismissible: (_, params: { dialog: ActiveDialog | null }) => params.dialog?.close.dismissible === true,
    belongsToPage: (_, params: { dialog: ActiveDialog | null }) => params.dialog?.close.persistent !== true,
    actionCloses: (_, params: { dialog: ActiveDialog | null; result: unknown }) =>
      params.dialog?.close.untilComplete !== true || params.result === 'complete',
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
        'route.leave': { guard: { type: 'belongsToPage', params: policy }, target: '#dialogHost.closed' },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'dialog.open': { actions: { type: 'show', params: ({ event }) => event } },
            'dialog.action': 'running',
            'dialog.close': { guard: { type: 'dismissible', params: policy }, target: '#dialogHost.closed' },
            'dialog.dismiss': { target: '#dialogHost.closed' },
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
            input: submitted,
            onDone: [
              {
                guard: { type: 'openedAnother', params: ({ context }) => context },
                target: 'idle',
                actions: 'settle',
              },
              { guard: { type: 'actionCloses', params: outcome }, target: '#dialogHost.closed' },
              { target: 'idle' },
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
