import { assign, fromPromise, setup } from 'xstate'
import type {
  FieldPlacementContext,
  FieldPlacementEvent,
  FieldsChange,
  PlacedKind,
} from './field-placement.types.ts'

type Choice = { signatureId: string; kind?: PlacedKind; everyPage?: boolean }

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
    choosesSignature: (_, params: { kind: PlacedKind | undefined }) =>
      params.kind === undefined || params.kind === 'signature',
    hasFormFields: (_, params: { formFields: unknown }) => params.formFields !== undefined,
  },
  actions: {
    choose: assign((_, params: Choice) => ({
      placingFor: params.signatureId,
      kind: params.kind ?? 'signature',
      // Only initials are asked on every page.
      everyPage: params.kind === 'initials' && params.everyPage === true,
    })),
    stopChoosing: assign({ placingFor: undefined, kind: 'signature' as const, everyPage: false }),
    keepChange: assign({ change: (_, params: { change: FieldsChange }) => params.change, error: undefined }),
    keepError: assign({ error: (_, params: { error: unknown }) => params.error }),
    queue: assign({ queued: (_, params: { change: FieldsChange }) => params.change }),
    takeQueued: assign({ change: ({ context }) => context.queued ?? context.change, queued: undefined }),
    forget: assign({ change: undefined, queued: undefined, error: undefined }),
  },
})

const chooseAction = {
  type: 'choose',
  params: ({ event }: { event: Choice }) => ({
    signatureId: event.signatureId,
    kind: event.kind,
    everyPage: event.everyPage,
  }),
} as const

// Choosing a signer and a kind of field, from any state but saving (a change being stored is not cut off).
const choose = [
  {
    guard: {
      type: 'choosesSignature',
      params: ({ event }: { event: Choice }) => ({ kind: event.kind }),
    },
    target: '#fieldPlacement.choosing.signature',
    reenter: true,
    actions: chooseAction,
  },
  { target: '#fieldPlacement.choosing.formField', reenter: true, actions: chooseAction },
] as const

/**
 * Where the signers of a request sign and what else they fill, as the sender places it in the viewer (SPEC §3
 * Signer invite `document_signatures`, issue 40 §4 `form_fields`): choosing a signer and a kind of field (their
 * signature, or a text, date, checkbox, initials, name, e-mail or company field; initials maybe on every page)
 * waits for a click on a page; a click, a move, a resize, a removal or an edit (required, prefilled value)
 * stores the signer's fields (`saveFields`, provided by the screen) one change at a time, the latest change
 * made meanwhile next; a change that could not be stored stays shown until dismissed or replaced.
 */
export const fieldPlacementMachine = placement.createMachine({
  id: 'fieldPlacement',
  context: {
    placingFor: undefined,
    kind: 'signature',
    everyPage: false,
    change: undefined,
    queued: undefined,
    error: undefined,
  },
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
      initial: 'signature',
      on: {
        // Another signer or kind: the next click places that instead.
        'field.choose': choose,
        'field.cancel': { target: 'idle', actions: 'stopChoosing' },
        'field.change': {
          target: 'saving',
          actions: [
            'stopChoosing',
            { type: 'keepChange', params: ({ event }) => ({ change: event.change }) },
          ],
        },
      },
      states: {
        // A click puts the signer's signature field there (one per document: it replaces theirs).
        signature: {
          on: {
            'field.put': {
              target: '#fieldPlacement.saving',
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
          },
        },
        // A click adds a field of the chosen kind to the signer's other fields; their signature stays.
        formField: {
          on: {
            'field.put': {
              guard: {
                type: 'hasFormFields',
                params: ({ event }) => ({ formFields: event.formFields }),
              },
              target: '#fieldPlacement.saving',
              actions: [
                {
                  type: 'keepChange',
                  params: ({ context, event }) => ({
                    change: {
                      signatureId: context.placingFor ?? '',
                      documentSignatures: event.documentSignatures,
                      formFields: event.formFields,
                    },
                  }),
                },
                'stopChoosing',
              ],
            },
          },
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
