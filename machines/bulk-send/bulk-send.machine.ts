import { assign, fromPromise, setup } from 'xstate'
import type { BulkCheck } from '../../contract/bulk-sends.ts'
import type { BulkFileInput, BulkSendContext, BulkSendEvent } from './bulk-send.types.ts'

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`bulk-send: actor ${name} was not provided`))

/** The server's code of whatever a call rejected with; anything without one is a fault on our side. */
function failureCode(error: unknown): string {
  return error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'server.error'
}

function fileOf(context: BulkSendContext): File {
  if (context.file === null) throw new Error('bulk-send: no file was chosen')
  return context.file
}

/**
 * The bulk send screen (issue 41 §2): a CSV or XLSX file is chosen and checked by the server, which names every
 * refused cell; with rows that will do, the sender sends them (the refused ones are left out) and is taken to the
 * bulk send's progress. A file refused as a whole, or a failed send, waits for another file or another try. The
 * caller provides the calls (`checkFile`, `sendFile`) and the `showBulkSend` action.
 */
export const bulkSendMachine = setup({
  types: { context: {} as BulkSendContext, events: {} as BulkSendEvent },
  actors: {
    /** POST .../bulk with the file and `send: false`: the check. */
    checkFile: fromPromise<BulkCheck, BulkFileInput>(notProvided('checkFile')),
    /** POST .../bulk with the file: answers the new bulk send's id. */
    sendFile: fromPromise<string, BulkFileInput>(notProvided('sendFile')),
  },
  actions: {
    choose: assign((_, params: { file: File }) => ({ file: params.file, check: null, errorCode: null })),
    clear: assign({ file: null, check: null, errorCode: null }),
    keepCheck: assign((_, params: { check: BulkCheck }) => ({ check: params.check })),
    refuse: assign((_, params: { error: unknown }) => ({ errorCode: failureCode(params.error) })),
    /** Opens the bulk send's progress page. */
    showBulkSend: (_, _params: { id: string }) => {},
  },
  guards: {
    hasValidRows: (_, params: { check: BulkCheck }) => params.check.valid > 0,
  },
}).createMachine({
  id: 'bulkSend',
  context: { file: null, check: null, errorCode: null },
  initial: 'choosing',
  on: {
    'file.choose': {
      target: '.checking',
      actions: { type: 'choose', params: ({ event }) => ({ file: event.file }) },
    },
  },
  states: {
    choosing: {},
    checking: {
      invoke: {
        src: 'checkFile',
        input: ({ context }) => ({ file: fileOf(context) }),
        onDone: [
          {
            guard: { type: 'hasValidRows', params: ({ event }) => ({ check: event.output }) },
            target: 'ready',
            actions: { type: 'keepCheck', params: ({ event }) => ({ check: event.output }) },
          },
          {
            target: 'nothingToSend',
            actions: { type: 'keepCheck', params: ({ event }) => ({ check: event.output }) },
          },
        ],
        onError: {
          target: 'refused',
          actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The file as a whole was refused: another file. */
    refused: { on: { 'file.clear': { target: 'choosing', actions: 'clear' } } },
    /** Every row was refused: the sender corrects the file and chooses it again. */
    nothingToSend: { on: { 'file.clear': { target: 'choosing', actions: 'clear' } } },
    /** Rows that will do, and maybe refused ones: sending leaves the refused ones out. */
    ready: {
      on: {
        'rows.send': 'sending',
        'file.clear': { target: 'choosing', actions: 'clear' },
      },
    },
    sending: {
      invoke: {
        src: 'sendFile',
        input: ({ context }) => ({ file: fileOf(context) }),
        onDone: {
          target: 'sent',
          actions: { type: 'showBulkSend', params: ({ event }) => ({ id: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: { type: 'final' },
  },
})
