import { assign, type DoneActorEvent, fromPromise, setup } from 'xstate'
import type {
  ActiveOverlay,
  OverlayActionResult,
  OverlayHostContext,
  OverlayHostEvent,
  OverlayRunActionInput,
} from './overlay.types.ts'

const result = ({ event }: { event: DoneActorEvent<OverlayActionResult> }) => ({ result: event.output })

/**
 * The overlay host (SPEC §2-4): one full-screen overlay at a time over a white scrim, which an
 * outside click does not dismiss. Its action handler runs with a loading flag (the `loading` tag);
 * the overlay closes only when the handler resolves 'complete', and stays when it fails (loading
 * cleared, error code set). An overlay the handler opened stays open whatever the result. Leaving the
 * page (`route.leave`) closes it.
 */
export const overlayHostMachine = setup({
  types: {
    context: {} as OverlayHostContext,
    events: {} as OverlayHostEvent,
  },
  actors: {
    // The effect is the caller's: this only calls the handler that came with the overlay.
    runAction: fromPromise<OverlayActionResult, OverlayRunActionInput>(({ input }) =>
      input.handler({ props: input.props, value: input.value }),
    ),
  },
  actions: {
    show: assign((_, params: { overlay: ActiveOverlay }) => ({ overlay: params.overlay, error: null })),
    replace: assign((_, params: { overlay: ActiveOverlay }) => ({
      overlay: params.overlay,
      replaced: true,
      error: null,
    })),
    settle: assign({ replaced: false }),
    fail: assign({ error: 'overlay.action_failed' as const }),
    reset: assign({ overlay: null, replaced: false, error: null }),
  },
  guards: {
    openedAnother: (_, params: { replaced: boolean }) => params.replaced,
    isComplete: (_, params: { result: OverlayActionResult }) => params.result === 'complete',
  },
}).createMachine({
  id: 'overlayHost',
  context: { overlay: null, replaced: false, error: null },
  initial: 'closed',
  states: {
    closed: {
      entry: 'reset',
      on: {
        'overlay.open': { target: 'open', actions: { type: 'show', params: ({ event }) => event } },
      },
    },
    open: {
      // Leaving the page closes its overlay, even while its action runs (which goes on, for its page).
      on: { 'route.leave': '#overlayHost.closed' },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'overlay.open': { actions: { type: 'show', params: ({ event }) => event } },
            'overlay.action': 'running',
          },
        },
        running: {
          tags: ['loading'],
          on: {
            'overlay.open': { actions: { type: 'replace', params: ({ event }) => event } },
          },
          invoke: {
            id: 'runAction',
            src: 'runAction',
            input: ({ context, event }) => ({
              // Only an open overlay reaches this state, so there is one.
              handler: (context.overlay as ActiveOverlay).action,
              props: context.overlay?.props ?? {},
              value: event.type === 'overlay.action' ? event.value : undefined,
            }),
            onDone: [
              {
                guard: { type: 'openedAnother', params: ({ context }) => context },
                target: 'idle',
                actions: 'settle',
              },
              { guard: { type: 'isComplete', params: result }, target: '#overlayHost.closed' },
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
