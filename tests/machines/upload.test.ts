import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { uploadMachine } from '../../machines/upload/upload.machine.ts'
import { selectIsSending, selectIsUploading, selectMaySend } from '../../machines/upload/upload.selectors.ts'
import type {
  DiscardInput,
  DocumentInput,
  DraftInput,
  RemoveInput,
  SendInput,
  UploadDraft,
  UploadEvent,
} from '../../machines/upload/upload.types.ts'
import { controlledActor, flushMicrotasks } from './controlled-actor.ts'
import { walk } from './walk.ts'

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' })
const draft: UploadDraft = { id: 'sr-1', title: 'Lease' }
/** How the API client and the upload reject: an error carrying the server's code. */
const refusal = (code: string) => Object.assign(new Error(code), { code })

/** The machine with test calls whose answers the test gives, and the actions it took. */
function controlledMachine() {
  const calls = {
    createDraft: controlledActor<UploadDraft, DraftInput>(),
    sendRequest: controlledActor<void, SendInput>(),
    discardDraft: controlledActor<void, DiscardInput>(),
    removeDocument: controlledActor<void, RemoveInput>(),
  }
  // The upload records whether leaving the page cut it off.
  const uploads: { input: DocumentInput; aborted: () => boolean }[] = []
  let pendingUpload: { resolve: (documentId: string) => void; reject: (error: unknown) => void } | undefined
  const added: string[] = []
  const shown: string[] = []
  const machine = uploadMachine.provide({
    actors: {
      createDraft: calls.createDraft.logic,
      uploadDocument: fromPromise<string, DocumentInput>(({ input, signal }) => {
        uploads.push({ input, aborted: () => signal.aborted })
        return new Promise((resolve, reject) => {
          pendingUpload = { resolve, reject }
        })
      }),
      sendRequest: calls.sendRequest.logic,
      discardDraft: calls.discardDraft.logic,
      removeDocument: calls.removeDocument.logic,
    },
    actions: {
      documentAdded: (_, params) => added.push(params.requestId),
      showRequest: (_, params) => shown.push(params.requestId),
    },
  })
  const upload = {
    resolve: (documentId = `doc-${uploads.length}`) => pendingUpload?.resolve(documentId),
    reject: (error: unknown) => pendingUpload?.reject(error),
  }
  return { machine, ...calls, upload, uploads, added, shown }
}

const statuses = (s: UploadSnapshot) => s.context.items.map((item) => `${item.name}: ${item.status}`)

describe('upload machine (SPEC §2 /upload, §4)', () => {
  it('walks every state and transition', async () => {
    const c = controlledMachine()
    const answers: Record<string, (event: { output?: unknown }) => void> = {
      'xstate.done.actor.createDraft': ({ output }) => c.createDraft.resolve(output as UploadDraft),
      'xstate.error.actor.createDraft': () => c.createDraft.reject(refusal('network.unreachable')),
      'xstate.done.actor.uploadDocument': ({ output }) => c.upload.resolve(output as string),
      'xstate.error.actor.uploadDocument': () => c.upload.reject(refusal('document.not_pdf')),
      'xstate.done.actor.sendRequest': () => c.sendRequest.resolve(),
      'xstate.error.actor.sendRequest': () => c.sendRequest.reject(refusal('signature_request.no_signers')),
      'xstate.done.actor.discardDraft': () => c.discardDraft.resolve(),
      'xstate.error.actor.discardDraft': () => c.discardDraft.reject(refusal('network.unreachable')),
      'xstate.done.actor.removeDocument': () => c.removeDocument.resolve(),
      'xstate.error.actor.removeDocument': () => c.removeDocument.reject(refusal('network.unreachable')),
    }
    const results = [
      { type: 'xstate.done.actor.createDraft', output: draft },
      { type: 'xstate.done.actor.uploadDocument', output: 'doc-1' },
      ...Object.keys(answers)
        .filter(
          (type) => !['xstate.done.actor.createDraft', 'xstate.done.actor.uploadDocument'].includes(type),
        )
        .map((type) => ({ type, error: refusal('refused') })),
    ]
    const userEvents: UploadEvent[] = [
      { type: 'upload.progress', progress: 0.5 },
      { type: 'upload.remove', key: 1 },
      { type: 'upload.cancel', key: 1 },
      { type: 'upload.cancel', key: 2 },
      { type: 'upload.send' },
      { type: 'upload.leave' },
    ]
    const coverage = await walk('upload', {
      machine: c.machine,
      // Two files at most keep the traversal finite; the second can come while the first is on its way.
      // Typing is tried before the first file only, so that it does not double every state after it.
      events: (s) => {
        if (s.status === 'done') return []
        const file = pdf(`file-${s.context.lastKey + 1}.pdf`)
        return [
          ...(s.context.lastKey < 2 ? [{ type: 'upload.add' as const, files: [file] }] : []),
          ...(s.context.lastKey === 0
            ? [{ type: 'upload.change' as const, values: { title: 'Offer' } }]
            : []),
          ...userEvents,
          ...(results as unknown as UploadEvent[]),
        ]
      },
      exec: Object.fromEntries(
        Object.entries(answers).map(([type, answer]) => [
          type,
          ({ event }: { event: unknown }) => answer(event as never),
        ]),
      ) as never,
      check: (s) => {
        // The files waiting are exactly those listed as uploading, in the order they came.
        expect(s.context.queue.map((q) => q.key)).toEqual(
          s.context.items.filter((item) => item.status === 'uploading').map((item) => item.key),
        )
        expect(selectIsUploading(s)).toBe(s.matches('uploading'))
        expect(selectIsSending(s)).toBe(s.matches('sending') || s.matches('sent'))
        if (selectMaySend(s)) expect(s.context.items.some((item) => item.status === 'done')).toBe(true)
      },
      states: {
        'uploading.creatingDraft': (s) => {
          // The draft is named after the file it was asked for: the first waiting, unless stopped since.
          const asked = c.createDraft.inputs.at(-1)?.fileName
          const stopped = !s.context.items.some((item) => item.name === asked)
          expect(stopped || asked === s.context.queue[0]?.file.name).toBe(true)
        },
        'uploading.uploadingDocument': (s) => {
          expect(c.uploads.at(-1)?.input).toEqual({ requestId: 'sr-1', file: s.context.queue[0]?.file })
          expect(s.context.draft).toEqual(draft)
        },
        sending: (s) => {
          expect(s.context.error).toBeNull()
          expect(c.sendRequest.inputs.at(-1)).toMatchObject({ requestId: 'sr-1', message: '' })
        },
        sent: () => expect(c.shown.at(-1)).toBe('sr-1'),
        removing: (s) => {
          const item = s.context.items.find((i) => i.key === s.context.removingKey)
          expect(item?.status).toBe('done')
          expect(c.removeDocument.inputs.at(-1)).toEqual({ requestId: 'sr-1', documentId: item?.documentId })
        },
        discarding: (s) => {
          expect(c.discardDraft.inputs.at(-1)).toEqual({ requestId: 'sr-1' })
          expect(s.context.items.some((item) => item.status === 'done')).toBe(false)
        },
      },
    })
    expect(coverage.missingStates).toEqual([])
    expect(coverage.missingTransitions).toEqual([])
  })

  it('goes on with a draft opened again: its documents listed as uploaded, its title and message kept', async () => {
    const c = controlledMachine()
    const input = {
      draft: {
        id: 'sr-1',
        title: 'Lease',
        message: 'By Friday',
        documents: [{ id: 'doc-9', title: 'Lease' }],
      },
    }
    const actor = createActor(c.machine, { input }).start()
    expect(actor.getSnapshot().context).toMatchObject({
      items: [{ key: 1, name: 'Lease', progress: 1, status: 'done', documentId: 'doc-9' }],
      draft: { id: 'sr-1', title: 'Lease' },
      values: { title: 'Lease', message: 'By Friday' },
      lastKey: 1,
    })
    expect(selectMaySend(actor.getSnapshot())).toBe(true)
    // A file added goes into the same draft: no second draft is made.
    actor.send({ type: 'upload.add', files: [pdf('Annex.pdf')] })
    await flushMicrotasks()
    expect(c.createDraft.calls()).toBe(0)
    expect(c.uploads.map((u) => u.input.requestId)).toEqual(['sr-1'])
  })

  it('uploads the files one after another, in the order they came, each with its progress', async () => {
    const c = controlledMachine()
    const actor = createActor(c.machine, { input: {} }).start()
    actor.send({ type: 'upload.add', files: [pdf('Lease.pdf'), pdf('Annex.pdf')] })
    expect(selectIsUploading(actor.getSnapshot())).toBe(true)
    expect(c.createDraft.inputs).toEqual([{ fileName: 'Lease.pdf' }])
    c.createDraft.resolve(draft)
    await flushMicrotasks()
    expect(actor.getSnapshot().context.values.title).toBe('Lease')
    actor.send({ type: 'upload.add', files: [pdf('Plan.pdf')] })
    actor.send({ type: 'upload.progress', progress: 0.4 })
    expect(actor.getSnapshot().context.items.map((item) => item.progress)).toEqual([0.4, 0, 0])
    // One upload at a time: the next starts only when the one before is answered.
    expect(c.uploads.map((u) => u.input.file.name)).toEqual(['Lease.pdf'])
    c.upload.resolve()
    await flushMicrotasks()
    expect(c.uploads.map((u) => u.input.file.name)).toEqual(['Lease.pdf', 'Annex.pdf'])
    c.upload.reject(refusal('document.not_pdf'))
    await flushMicrotasks()
    c.upload.resolve()
    await flushMicrotasks()
    expect(c.uploads.map((u) => u.input)).toEqual([
      { requestId: 'sr-1', file: expect.objectContaining({ name: 'Lease.pdf' }) },
      { requestId: 'sr-1', file: expect.objectContaining({ name: 'Annex.pdf' }) },
      { requestId: 'sr-1', file: expect.objectContaining({ name: 'Plan.pdf' }) },
    ])
    expect(c.createDraft.calls()).toBe(1)
    expect(actor.getSnapshot().context.items).toEqual([
      { key: 1, name: 'Lease.pdf', size: 8, progress: 1, status: 'done', documentId: 'doc-1' },
      { key: 2, name: 'Annex.pdf', size: 8, progress: 0, status: 'refused', code: 'document.not_pdf' },
      { key: 3, name: 'Plan.pdf', size: 8, progress: 1, status: 'done', documentId: 'doc-3' },
    ])
    expect(c.added).toEqual(['sr-1', 'sr-1'])
    expect(selectIsUploading(actor.getSnapshot())).toBe(false)
    expect(selectMaySend(actor.getSnapshot())).toBe(true)

    // A document uploaded by mistake is taken out of the draft; a refused file cannot be.
    actor.send({ type: 'upload.remove', key: 2 })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'upload.remove', key: 3 })
    expect(actor.getSnapshot().value).toBe('removing')
    expect(c.removeDocument.inputs).toEqual([{ requestId: 'sr-1', documentId: 'doc-3' }])
    c.removeDocument.resolve()
    await flushMicrotasks()
    expect(actor.getSnapshot().context.items.map((item) => item.name)).toEqual(['Lease.pdf', 'Annex.pdf'])
    expect(c.added).toEqual(['sr-1', 'sr-1', 'sr-1'])
  })

  it('tries the draft again with the next file when it could not be made', async () => {
    const c = controlledMachine()
    const actor = createActor(c.machine, { input: {} }).start()
    actor.send({ type: 'upload.add', files: [pdf('Lease.pdf'), pdf('Annex.pdf')] })
    c.createDraft.reject(refusal('network.unreachable'))
    await flushMicrotasks()
    expect(statuses(actor.getSnapshot())).toEqual(['Lease.pdf: refused', 'Annex.pdf: uploading'])
    expect(actor.getSnapshot().context.items[0]?.code).toBe('network.unreachable')
    expect(c.createDraft.inputs).toEqual([{ fileName: 'Lease.pdf' }, { fileName: 'Annex.pdf' }])
    c.createDraft.resolve({ id: 'sr-2', title: 'Annex' })
    await flushMicrotasks()
    expect(c.uploads.map((u) => u.input)).toEqual([
      { requestId: 'sr-2', file: expect.objectContaining({ name: 'Annex.pdf' }) },
    ])
    c.upload.resolve()
    await flushMicrotasks()
    expect(statuses(actor.getSnapshot())).toEqual(['Lease.pdf: refused', 'Annex.pdf: done'])
    // A file given later goes into the draft that was made.
    actor.send({ type: 'upload.add', files: [pdf('Plan.pdf')] })
    expect(c.createDraft.calls()).toBe(2)
    expect(c.uploads.at(-1)?.input.requestId).toBe('sr-2')
  })

  it('stops the file being uploaded and goes on with the next; a waiting file just leaves the queue', async () => {
    const c = controlledMachine()
    const actor = createActor(c.machine, { input: {} }).start()
    actor.send({ type: 'upload.add', files: [pdf('Lease.pdf'), pdf('Wrong.pdf'), pdf('Annex.pdf')] })
    c.createDraft.resolve(draft)
    await flushMicrotasks()
    expect(c.uploads.map((u) => u.input.file.name)).toEqual(['Lease.pdf'])
    // The third is dropped while it waits; the first is stopped under way.
    actor.send({ type: 'upload.cancel', key: 3 })
    actor.send({ type: 'upload.cancel', key: 1 })
    expect(c.uploads[0]?.aborted()).toBe(true)
    expect(c.uploads.map((u) => u.input.file.name)).toEqual(['Lease.pdf', 'Wrong.pdf'])
    expect(actor.getSnapshot().context.items.map((item) => item.name)).toEqual(['Wrong.pdf'])
    c.upload.resolve('doc-2')
    await flushMicrotasks()
    expect(actor.getSnapshot().context.items).toMatchObject([{ name: 'Wrong.pdf', status: 'done' }])
    expect(selectIsUploading(actor.getSnapshot())).toBe(false)
  })

  it('stops a file while its draft is being made: the draft takes the next file, or none', async () => {
    const c = controlledMachine()
    const actor = createActor(c.machine, { input: {} }).start()
    actor.send({ type: 'upload.add', files: [pdf('Slow.pdf'), pdf('Next.pdf')] })
    actor.send({ type: 'upload.cancel', key: 1 })
    expect(actor.getSnapshot().context.items.map((item) => item.name)).toEqual(['Next.pdf'])
    c.createDraft.resolve(draft)
    await flushMicrotasks()
    expect(c.uploads.map((u) => u.input.file.name)).toEqual(['Next.pdf'])

    const alone = controlledMachine()
    const only = createActor(alone.machine, { input: {} }).start()
    only.send({ type: 'upload.add', files: [pdf('Slow.pdf')] })
    only.send({ type: 'upload.cancel', key: 1 })
    alone.createDraft.resolve(draft)
    await flushMicrotasks()
    expect(alone.uploads).toEqual([])
    expect(only.getSnapshot().value).toBe('idle')
    expect(only.getSnapshot().context.items).toEqual([])
  })

  it('ignores an empty drop', () => {
    const c = controlledMachine()
    const actor = createActor(c.machine, { input: {} }).start()
    actor.send({ type: 'upload.add', files: [] })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(c.createDraft.calls()).toBe(0)
  })

  it('sends the title and message, shows the request, and lets a failed send be tried again', async () => {
    const c = controlledMachine()
    const actor = createActor(c.machine, { input: {} }).start()
    actor.send({ type: 'upload.send' })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'upload.add', files: [pdf('Lease.pdf')] })
    c.createDraft.resolve(draft)
    await flushMicrotasks()
    // No send while a file is on its way.
    actor.send({ type: 'upload.send' })
    expect(c.sendRequest.calls()).toBe(0)
    c.upload.resolve()
    await flushMicrotasks()
    actor.send({ type: 'upload.change', values: { title: '  ', message: 'Please sign by Friday.' } })
    actor.send({ type: 'upload.send' })
    expect(selectIsSending(actor.getSnapshot())).toBe(true)
    // A blank title falls back to the draft's.
    expect(c.sendRequest.inputs).toEqual([
      { requestId: 'sr-1', title: 'Lease', message: 'Please sign by Friday.' },
    ])
    c.sendRequest.reject(refusal('signature_request.no_signers'))
    await flushMicrotasks()
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.error).toBe('signature_request.no_signers')
    expect(c.shown).toEqual([])
    actor.send({ type: 'upload.change', values: { title: 'Lease 2026' } })
    actor.send({ type: 'upload.send' })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(c.sendRequest.inputs.at(-1)?.title).toBe('Lease 2026')
    c.sendRequest.resolve()
    await flushMicrotasks()
    expect(c.shown).toEqual(['sr-1'])
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('a call that rejects without a code counts as a fault on our side', async () => {
    const c = controlledMachine()
    const actor = createActor(c.machine, { input: {} }).start()
    actor.send({ type: 'upload.add', files: [pdf('Lease.pdf')] })
    c.createDraft.resolve(draft)
    await flushMicrotasks()
    c.upload.reject(new TypeError('unexpected answer'))
    await flushMicrotasks()
    expect(actor.getSnapshot().context.items[0]).toMatchObject({ status: 'refused', code: 'server.error' })
  })
})

describe('leaving /upload (empty drafts are discarded)', () => {
  async function withDraft(c: ReturnType<typeof controlledMachine>, outcome: 'done' | 'refused') {
    const actor = createActor(c.machine, { input: {} }).start()
    actor.send({ type: 'upload.add', files: [pdf('Lease.pdf')] })
    c.createDraft.resolve(draft)
    await flushMicrotasks()
    if (outcome === 'done') c.upload.resolve()
    else c.upload.reject(refusal('document.not_pdf'))
    await flushMicrotasks()
    return actor
  }

  it('discards a draft without a document', async () => {
    const c = controlledMachine()
    const actor = await withDraft(c, 'refused')
    actor.send({ type: 'upload.leave' })
    expect(c.discardDraft.inputs).toEqual([{ requestId: 'sr-1' }])
    c.discardDraft.resolve()
    await flushMicrotasks()
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('ends also when the draft could not be discarded', async () => {
    const c = controlledMachine()
    const actor = await withDraft(c, 'refused')
    actor.send({ type: 'upload.leave' })
    c.discardDraft.reject(refusal('network.unreachable'))
    await flushMicrotasks()
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('keeps a draft that holds a document', async () => {
    const c = controlledMachine()
    const actor = await withDraft(c, 'done')
    actor.send({ type: 'upload.leave' })
    expect(c.discardDraft.calls()).toBe(0)
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('ends at once without a draft', () => {
    const c = controlledMachine()
    const actor = createActor(c.machine, { input: {} }).start()
    actor.send({ type: 'upload.leave' })
    expect(actor.getSnapshot().status).toBe('done')
    expect(c.discardDraft.calls()).toBe(0)
  })

  it('cuts off the upload under way and drops the files queued', async () => {
    const c = controlledMachine()
    const actor = createActor(c.machine, { input: {} }).start()
    actor.send({ type: 'upload.add', files: [pdf('Lease.pdf'), pdf('Annex.pdf')] })
    c.createDraft.resolve(draft)
    await flushMicrotasks()
    actor.send({ type: 'upload.leave' })
    expect(c.uploads).toHaveLength(1)
    expect(c.uploads[0]?.aborted()).toBe(true)
    expect(c.discardDraft.inputs).toEqual([{ requestId: 'sr-1' }])
  })

  it('waits for a draft that is being made, then discards it without uploading', async () => {
    const c = controlledMachine()
    const actor = createActor(c.machine, { input: {} }).start()
    actor.send({ type: 'upload.add', files: [pdf('Lease.pdf'), pdf('Annex.pdf')] })
    actor.send({ type: 'upload.leave' })
    expect(actor.getSnapshot().status).toBe('active')
    c.createDraft.resolve(draft)
    await flushMicrotasks()
    expect(c.uploads).toEqual([])
    expect(c.discardDraft.inputs).toEqual([{ requestId: 'sr-1' }])
    c.discardDraft.resolve()
    await flushMicrotasks()
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('ends without another draft when the one being made fails after leaving', async () => {
    const c = controlledMachine()
    const actor = createActor(c.machine, { input: {} }).start()
    actor.send({ type: 'upload.add', files: [pdf('Lease.pdf'), pdf('Annex.pdf')] })
    actor.send({ type: 'upload.leave' })
    c.createDraft.reject(refusal('network.unreachable'))
    await flushMicrotasks()
    expect(c.createDraft.calls()).toBe(1)
    expect(c.discardDraft.calls()).toBe(0)
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('never discards a request that was sent, nor one being sent', async () => {
    const sent = controlledMachine()
    const actor = await withDraft(sent, 'done')
    actor.send({ type: 'upload.send' })
    sent.sendRequest.resolve()
    await flushMicrotasks()
    // Sent, the machine has ended: there is nothing left for leaving to do.
    expect(actor.getSnapshot().status).toBe('done')
    expect(sent.discardDraft.calls()).toBe(0)

    const sending = controlledMachine()
    const leaving = await withDraft(sending, 'done')
    leaving.send({ type: 'upload.send' })
    leaving.send({ type: 'upload.leave' })
    sending.sendRequest.resolve()
    await flushMicrotasks()
    expect(leaving.getSnapshot().status).toBe('done')
    expect(sending.discardDraft.calls()).toBe(0)
    // The request shows only while the page is still there.
    expect(sending.shown).toEqual([])
  })
})
