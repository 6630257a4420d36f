import { assign, fromPromise, setup } from 'xstate'
import type { FieldPlacementContext, FieldPlacementEvent, FieldsChange } from './field-placement.types.ts'

const placement = setup({
  types: {
    context: {} as FieldPlacementContext,
    events: {} as FieldPlacementEvent,
  },
  actors: {
    /** Stores one signer's fields (PUT .../signatures/{id}); the screen provides it. */
    saveFields: fromPromise<void, FieldsChange>(async () => {}),
  },
  guards: {
    hasQueued: ({ context }) => context.queued !== undefined,
  },
  actions: {
    choose: assign({ placingFor: (_, params: { signatureId: string }) => params.signatureId }),
    stopChoosing: assign({ placingFor: undefined }),
    keepChange: assign({ change: (_, params: { change: FieldsChange }) => params.change, error: undefined }),
    keepError: assign({ error: (_, params: { error: unknown }) => params.error }),
    queue: assign({ queued: (_, params: { change: FieldsChange }) => params.change }),
    takeQueued: assign({ change: ({ context }) => context.queued ?? context.change, queued: undefined }),
    forget: assign({ change: undefined, queued: undefined, error: undefined }),
  },
})

// Choosing a signer, from any state but saving (a change being stored is not cut off).
const choose = {
  target: 'choosing',
  reenter: true,
  actions: {
    type: 'choose',
    params: ({ event }: { event: { signatureId: string } }) => ({ signatureId: event.signatureId }),
  },
} as const

/**
 * Where the signers of a request sign, as the sender places it in the viewer (SPEC §3 Signer invite
 * `document_signatures`): choosing a signer waits for a click on a page; a click, a move, a resize or a
 * removal stores the signer's fields (`saveFields`, provided by the screen) one change at a time, the
 * latest change made meanwhile next; a change that could not be stored stays shown until dismissed or
 * replaced.
 */
export const fieldPlacementMachine = placement.createMachine({
  id: 'fieldPlacement',
  context: { placingFor: undefined, change: undefined, queued: undefined, error: undefined },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.choose': choose,
        'field.change': {
          target: 'saving',
          actions: { type: 'keepChange', params: ({ event }) => ({ change: event.change }) },
        },
      },
    },
    choosing: {
      on: {
        // Another signer: the next click places theirs instead.
        'field.choose': choose,
        'field.put': {
          target: 'saving',
          actions: [
            {
              type: 'keepChange',
              params: ({ context, event }) => ({
                change: {
                  signatureId: context.placingFor ?? '',
                  documentSignatures: event.documentSignatures,
                },
              }),
            },
            'stopChoosing',
          ],
        },
        'field.cancel': { target: 'idle', actions: 'stopChoosing' },
        'field.change': {
          target: 'saving',
          actions: [
            'stopChoosing',
            { type: 'keepChange', params: ({ event }) => ({ change: event.change }) },
          ],
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveFields',
        src: 'saveFields',
        input: ({ context }) => context.change ?? { signatureId: '', documentSignatures: [] },
        onDone: [
          { guard: 'hasQueued', target: 'saving', reenter: true, actions: 'takeQueued' },
          { target: 'idle', actions: 'forget' },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            // What came meanwhile is shown as the change that failed, to be made again or dismissed.
            'takeQueued',
          ],
        },
      },
      on: {
        // A change while one is being stored waits for it, and only the latest is kept.
        'field.change': { actions: { type: 'queue', params: ({ event }) => ({ change: event.change }) } },
      },
    },
    failed: {
      on: {
        'field.choose': choose,
        'field.change': {
          target: 'saving',
          actions: { type: 'keepChange', params: ({ event }) => ({ change: event.change }) },
        },
        'field.dismiss': { target: 'idle', actions: 'forget' },
      },
    },
  },
})
