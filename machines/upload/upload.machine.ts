import { assign, fromPromise, setup, stateIn } from 'xstate'
import type {
  DiscardInput,
  DocumentInput,
  DraftInput,
  QueuedFile,
  RemoveInput,
  SendInput,
  UploadContext,
  UploadDraft,
  UploadEvent,
  UploadInput,
  UploadItem,
  UploadValues,
} from './upload.types.ts'

// Stand-ins so a caller that forgets machine.provide fails loudly instead of hanging.
const notProvided = (name: string) => () =>
  Promise.reject(new Error(`upload: actor ${name} was not provided`))

/** The server's code of whatever a call rejected with; anything without one is a fault on our side. */
function failureCode(error: unknown): string {
  return error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'server.error'
}

/** The items with the file being handled (the head of the queue) changed. */
function withHead(context: UploadContext, change: Partial<UploadItem>): UploadItem[] {
  const key = context.queue[0]?.key
  return context.items.map((item) => (item.key === key ? { ...item, ...change } : item))
}

const holdsDocument = (context: UploadContext) => context.items.some((item) => item.status === 'done')

// The states that call these are entered only with a queued file and a draft (see `next`).
function head(context: UploadContext): QueuedFile {
  const first = context.queue[0]
  if (!first) throw new Error('upload: no file is queued')
  return first
}
function draftOf(context: UploadContext): UploadDraft {
  if (!context.draft) throw new Error('upload: no draft was made')
  return context.draft
}

const draftId = ({ context }: { context: UploadContext }) => ({ requestId: draftOf(context).id })
const failure = ({ event }: { event: { error: unknown } }) => ({ code: failureCode(event.error) })
const leave = [{ guard: 'isEmptyDraft', target: '#upload.discarding' }, { target: '#upload.left' }] as const

/**
 * The /upload flow (SPEC §2, §4): files dropped or picked queue up and upload one after another,
 * each with its progress, done or refused with the server's code. The first file makes the draft
 * (titled after its name); a draft that could not be made is tried again with the next file.
 * Sending saves the title and message and initiates the draft; a failed send keeps the draft for
 * another try. Leaving drops the files still queued and discards a draft left without a document,
 * waiting first for a draft that is being made. A document uploaded by mistake is taken out of the draft.
 * The caller provides the calls (`createDraft`, `uploadDocument`, `removeDocument`, `sendRequest`,
 * `discardDraft`) and the `documentAdded` and `showRequest` actions.
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput | undefined,
  },
  actors: {
    /** POST /v3/signature-requests, titled after the file's name. */
    createDraft: fromPromise<UploadDraft, DraftInput>(notProvided('createDraft')),
    /** POSTs the file into the draft; sends `upload.progress` as the bytes go out; answers the document id. */
    uploadDocument: fromPromise<string, DocumentInput>(notProvided('uploadDocument')),
    /** Takes one document out of the draft. */
    removeDocument: fromPromise<void, RemoveInput>(notProvided('removeDocument')),
    /** Saves the title and message, then initiates the draft. */
    sendRequest: fromPromise<void, SendInput>(notProvided('sendRequest')),
    /** Deletes the draft unless the server says it holds a document after all. */
    discardDraft: fromPromise<void, DiscardInput>(notProvided('discardDraft')),
  },
  actions: {
    enqueue: assign(({ context }, params: { files: File[] }) => {
      const added = params.files.map((file, index) => ({ key: context.lastKey + index + 1, file }))
      return {
        items: [
          ...context.items,
          ...added.map(({ key, file }) => ({
            key,
            name: file.name,
            size: file.size,
            progress: 0,
            status: 'uploading' as const,
          })),
        ],
        queue: [...context.queue, ...added],
        lastKey: context.lastKey + added.length,
        error: null,
      }
    }),
    setProgress: assign(({ context }, params: { progress: number }) => ({
      items: withHead(context, { progress: params.progress }),
    })),
    setDraft: assign(({ context }, params: { draft: UploadDraft }) => ({
      draft: params.draft,
      values: { ...context.values, title: params.draft.title },
    })),
    finishFile: assign(({ context }, params: { documentId: string }) => ({
      items: withHead(context, { status: 'done', progress: 1, documentId: params.documentId }),
      queue: context.queue.slice(1),
    })),
    dropFile: assign(({ context }, params: { key: number }) => ({
      items: context.items.filter((item) => item.key !== params.key),
      queue: context.queue.filter((queued) => queued.key !== params.key),
    })),
    markRemoving: assign((_, params: { key: number }) => ({ removingKey: params.key, error: null })),
    dropRemoved: assign(({ context }) => ({
      items: context.items.filter((item) => item.key !== context.removingKey),
      removingKey: null,
    })),
    keepRemoving: assign({ removingKey: null }),
    refuseFile: assign(({ context }, params: { code: string }) => ({
      items: withHead(context, { status: 'refused', code: params.code }),
      queue: context.queue.slice(1),
    })),
    change: assign(({ context }, params: { values: Partial<UploadValues> }) => ({
      values: { ...context.values, ...params.values },
    })),
    setError: assign((_, params: { code: string }) => ({ error: params.code })),
    clearError: assign({ error: null }),
    /** The draft holds one more document, or one less; the caller refreshes what it shows of it. */
    documentAdded: (_, _params: { requestId: string }) => {},
    /** The request was sent; the caller shows it. */
    showRequest: (_, _params: { requestId: string }) => {},
  },
  guards: {
    hasFiles: (_, params: { files: File[] }) => params.files.length > 0,
    isInDraft: ({ context }, params: { key: number }) =>
      context.items.some((item) => item.key === params.key && item.documentId !== undefined),
    queueIsEmpty: ({ context }) => context.queue.length === 0,
    isHead: ({ context }, params: { key: number }) => context.queue[0]?.key === params.key,
    isWaiting: ({ context }, params: { key: number }) =>
      context.queue.slice(1).some((queued) => queued.key === params.key),
    hasDraft: ({ context }) => context.draft !== null,
    hasDocument: ({ context }) => context.draft !== null && holdsDocument(context),
    isEmptyDraft: ({ context }) => context.draft !== null && !holdsDocument(context),
    draftAbandoned: stateIn('#upload.uploading.creatingDraft.abandoned'),
  },
}).createMachine({
  id: 'upload',
  // A draft opened again goes on where it was: its documents listed as uploaded.
  context: ({ input }) => {
    const items: UploadItem[] = (input?.draft?.documents ?? []).map((document, index) => ({
      key: index + 1,
      name: document.title,
      progress: 1,
      status: 'done',
      documentId: document.id,
    }))
    const draft = input?.draft
    return {
      items,
      queue: [],
      draft: draft ? { id: draft.id, title: draft.title } : null,
      values: { title: draft?.title ?? '', message: draft?.message ?? '' },
      error: null,
      lastKey: items.length,
      removingKey: null,
    }
  },
  initial: 'idle',
  on: {
    'upload.change': { actions: { type: 'change', params: ({ event }) => ({ values: event.values }) } },
  },
  states: {
    idle: {
      on: {
        'upload.add': {
          guard: { type: 'hasFiles', params: ({ event }) => ({ files: event.files }) },
          target: 'uploading',
          actions: { type: 'enqueue', params: ({ event }) => ({ files: event.files }) },
        },
        'upload.remove': {
          guard: { type: 'isInDraft', params: ({ event }) => ({ key: event.key }) },
          target: 'removing',
          actions: { type: 'markRemoving', params: ({ event }) => ({ key: event.key }) },
        },
        'upload.send': { guard: 'hasDocument', target: 'sending' },
        'upload.leave': leave,
      },
    },
    removing: {
      invoke: {
        id: 'removeDocument',
        src: 'removeDocument',
        input: ({ context }) => ({
          requestId: draftOf(context).id,
          documentId: context.items.find((item) => item.key === context.removingKey)?.documentId ?? '',
        }),
        onDone: { target: 'idle', actions: ['dropRemoved', { type: 'documentAdded', params: draftId }] },
        onError: { target: 'idle', actions: ['keepRemoving', { type: 'setError', params: failure }] },
      },
      // The draft still holds the document as far as the page knows; an emptied draft is cleaned up later.
      on: { 'upload.leave': { target: 'left' } },
    },
    uploading: {
      // While a file is on its way, leaving the page asks first.
      tags: ['uploading'],
      initial: 'next',
      on: {
        'upload.add': {
          guard: { type: 'hasFiles', params: ({ event }) => ({ files: event.files }) },
          actions: { type: 'enqueue', params: ({ event }) => ({ files: event.files }) },
        },
        // A file waiting for its turn just leaves the queue.
        'upload.cancel': {
          guard: { type: 'isWaiting', params: ({ event }) => ({ key: event.key }) },
          actions: { type: 'dropFile', params: ({ event }) => ({ key: event.key }) },
        },
      },
      states: {
        next: {
          always: [
            { guard: 'queueIsEmpty', target: '#upload.idle' },
            { guard: 'hasDraft', target: 'uploadingDocument' },
            { target: 'creatingDraft' },
          ],
        },
        creatingDraft: {
          invoke: {
            id: 'createDraft',
            src: 'createDraft',
            input: ({ context }) => ({ fileName: head(context).file.name }),
            onDone: [
              // A draft made after the page went is of no use: it is discarded at once.
              {
                guard: 'draftAbandoned',
                target: '#upload.discarding',
                actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
              },
              // Its file may have been stopped meanwhile: the next file, if any, goes into the draft.
              {
                target: 'next',
                actions: { type: 'setDraft', params: ({ event }) => ({ draft: event.output }) },
              },
            ],
            onError: [
              { guard: 'draftAbandoned', target: '#upload.left' },
              { target: 'next', actions: { type: 'refuseFile', params: failure } },
            ],
          },
          // Stopping the file whose draft is being made drops it; the draft is made all the same.
          on: {
            'upload.cancel': {
              guard: { type: 'isHead', params: ({ event }) => ({ key: event.key }) },
              actions: { type: 'dropFile', params: ({ event }) => ({ key: event.key }) },
            },
          },
          // The call goes on when the page goes: the draft it makes must not be left behind.
          initial: 'forPage',
          states: {
            forPage: { on: { 'upload.leave': { target: 'abandoned' } } },
            abandoned: {},
          },
        },
        uploadingDocument: {
          invoke: {
            id: 'uploadDocument',
            src: 'uploadDocument',
            input: ({ context }) => ({ requestId: draftOf(context).id, file: head(context).file }),
            onDone: {
              target: 'next',
              actions: [
                { type: 'finishFile', params: ({ event }) => ({ documentId: event.output }) },
                { type: 'documentAdded', params: draftId },
              ],
            },
            onError: { target: 'next', actions: { type: 'refuseFile', params: failure } },
          },
          on: {
            'upload.progress': {
              actions: { type: 'setProgress', params: ({ event }) => ({ progress: event.progress }) },
            },
            // Leaving this state stops the upload (its request is aborted); the next file goes on.
            'upload.cancel': {
              guard: { type: 'isHead', params: ({ event }) => ({ key: event.key }) },
              target: 'next',
              actions: { type: 'dropFile', params: ({ event }) => ({ key: event.key }) },
            },
            'upload.leave': leave,
          },
        },
      },
    },
    sending: {
      entry: 'clearError',
      invoke: {
        id: 'sendRequest',
        src: 'sendRequest',
        input: ({ context }) => ({
          requestId: draftOf(context).id,
          title: context.values.title.trim() || draftOf(context).title,
          message: context.values.message,
        }),
        onDone: { target: 'sent' },
        onError: { target: 'idle', actions: { type: 'setError', params: failure } },
      },
      on: { 'upload.leave': { target: 'left' } },
    },
    sent: {
      type: 'final',
      entry: { type: 'showRequest', params: draftId },
    },
    discarding: {
      invoke: {
        id: 'discardDraft',
        src: 'discardDraft',
        input: draftId,
        onDone: { target: 'left' },
        onError: { target: 'left' },
      },
    },
    left: { type: 'final' },
  },
})
