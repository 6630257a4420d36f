import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { FileStorageOptions } from '../storage/create-file-storage.ts'
import { createFileStorage } from '../storage/create-file-storage.ts'
import { pageImageKey } from '../storage/storage-keys.ts'
import { DocumentError } from './document-error.ts'
import type { RenderJobMessage, RenderResultMessage, RenderTiming, RenderWorkerData } from './render-job.ts'

/** Options of {@link createPageRenderer}. */
export type PageRendererOptions = {
  /** Where documents are read from and page images cached; the workers open their own storage from it. */
  storage: FileStorageOptions
  /** @default available cores - 1, at least 1 */
  workers?: number
  /** WebP quality, 0-100. @default 80 */
  quality?: number
  /** Called after each page a worker produced, for logs and metrics. */
  onRendered?: (page: { key: string } & RenderTiming) => void
}

/** Where a page image stands: stored, queued or being rendered, or neither. */
export type PageStatus = 'ready' | 'pending' | 'missing'

/** Renders PDF pages to WebP in worker threads, first pages first, and caches them in storage. */
export type PageRenderer = {
  /**
   * The storage key of the page image (`pageImageKey`), rendering it first if needed; page from 0, scale an
   * integer from `minScale` to `maxScale`. Rejects with a DocumentError (`document.page_not_found`,
   * `document.not_found`), a RangeError for a bad scale, or an Error when the renderer is closed.
   */
  renderPage(docHash: string, page: number, scale: number): Promise<string>
  /**
   * Queues every page of a new document that is not stored yet: page 0 at once, the rest behind any page
   * someone waits for.
   */
  renderDocument(docHash: string, pageCount: number, scales?: readonly number[]): void
  status(docHash: string, page: number, scale: number): Promise<PageStatus>
  /** Lets the pages being rendered finish, refuses the queued ones, and stops the workers. */
  close(): Promise<void>
}

type Job = RenderJobMessage & {
  key: string
  promise: Promise<string>
  resolve: (key: string) => void
  reject: (error: Error) => void
}

type Slot = { worker: Worker; job: Job | undefined; lastDocHash: string | undefined }

const noop = () => {}

/** Smallest and largest scale a page is rendered at (100 = 96 dpi); the route validates `?scale=` to this. */
export const minScale = 5
export const maxScale = 400

/** Starts a pool of render workers (see {@link PageRendererOptions}). */
export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const storage = createFileStorage(options.storage)
  const workerData: RenderWorkerData = { storage: options.storage, quality: options.quality ?? 80 }
  const size = Math.max(1, options.workers ?? availableParallelism() - 1)
  const jobs = new Map<string, Job>()
  // Pages someone waits for (and every first page) go before the background rendering of the rest.
  const urgent: Job[] = []
  const background: Job[] = []
  const ready = new Set<string>()
  /** Pages renderDocument asked for whose stored image is being looked for: pending, not missing. */
  const checking = new Set<string>()
  const slots: Slot[] = []
  let nextId = 1
  let closing = false

  function settle(slot: Slot, result: RenderResultMessage | Error) {
    const job = slot.job
    slot.job = undefined
    if (job !== undefined) {
      jobs.delete(job.key)
      if (result instanceof Error) job.reject(result)
      else if (result.ok) {
        ready.add(job.key)
        const { key, renderMs, encodeMs, storeMs } = result
        if (renderMs > 0) options.onRendered?.({ key, renderMs, encodeMs, storeMs })
        job.resolve(key)
      } else
        job.reject(result.code ? new DocumentError(result.code, result.message) : new Error(result.message))
    }
    dispatch()
  }

  function startWorker(): Slot {
    const worker = new Worker(new URL('./render-worker.ts', import.meta.url), { workerData })
    const slot: Slot = { worker, job: undefined, lastDocHash: undefined }
    worker.on('message', (result: RenderResultMessage) => settle(slot, result))
    worker.on('error', (error) => settle(slot, error))
    worker.on('exit', () => {
      const index = slots.indexOf(slot)
      if (index < 0) return
      slots.splice(index, 1)
      if (slot.job !== undefined) settle(slot, new Error('render worker stopped'))
      if (!closing) slots.push(startWorker())
      dispatch()
    })
    return slot
  }

  function dispatch() {
    for (;;) {
      const job = urgent[0] ?? background[0]
      const idle = slots.filter((slot) => slot.job === undefined)
      if (job === undefined || idle.length === 0) return
      ;(urgent[0] === job ? urgent : background).shift()
      const slot = idle.find((candidate) => candidate.lastDocHash === job.docHash) ?? idle[0]
      if (slot === undefined) return
      slot.job = job
      slot.lastDocHash = job.docHash
      slot.worker.postMessage({ id: job.id, docHash: job.docHash, page: job.page, scale: job.scale })
    }
  }

  function enqueue(docHash: string, page: number, scale: number, isUrgent: boolean): Promise<string> {
    const key = pageImageKey(docHash, page, scale)
    const queued = jobs.get(key)
    if (queued !== undefined) {
      const waiting = background.indexOf(queued)
      if (isUrgent && waiting >= 0) {
        background.splice(waiting, 1)
        urgent.push(queued)
      }
      return queued.promise
    }
    if (closing) return Promise.reject(new Error('page renderer is closed'))
    let resolve: (key: string) => void = noop
    let reject: (error: Error) => void = noop
    const promise = new Promise<string>((res, rej) => {
      resolve = res
      reject = rej
    })
    const job: Job = { id: nextId++, docHash, page, scale, key, promise, resolve, reject }
    jobs.set(key, job)
    ;(isUrgent ? urgent : background).push(job)
    dispatch()
    return promise
  }

  for (let i = 0; i < size; i++) slots.push(startWorker())

  return {
    async renderPage(docHash, page, scale) {
      if (!Number.isInteger(page) || page < 0) throw new DocumentError('document.page_not_found')
      if (!Number.isInteger(scale) || scale < minScale || scale > maxScale) {
        throw new RangeError(`scale must be an integer from ${minScale} to ${maxScale}`)
      }
      const key = pageImageKey(docHash, page, scale)
      if (ready.has(key) || (!jobs.has(key) && (await storage.exists(key)))) {
        ready.add(key)
        return key
      }
      return enqueue(docHash, page, scale, true)
    },
    renderDocument(docHash, pageCount, scales = [100, 20]) {
      for (let page = 0; page < pageCount; page++) {
        for (const scale of scales) {
          const key = pageImageKey(docHash, page, scale)
          if (ready.has(key) || jobs.has(key) || checking.has(key)) continue
          // The same PDF uploaded again (content-addressed) has its pages stored already. Until that is
          // known the page counts as pending: it is on its way either way.
          checking.add(key)
          // Nobody awaits a background render; a renderer that closed meanwhile refuses it, and whoever asks
          // for the page later finds it missing.
          const render = () => {
            checking.delete(key)
            enqueue(docHash, page, scale, page === 0).catch(noop)
          }
          const found = () => {
            checking.delete(key)
            ready.add(key)
          }
          void storage.exists(key).then((stored) => (stored ? found() : render()), render)
        }
      }
    },
    async status(docHash, page, scale) {
      const key = pageImageKey(docHash, page, scale)
      if (jobs.has(key) || checking.has(key)) return 'pending'
      if (ready.has(key)) return 'ready'
      if (await storage.exists(key)) {
        ready.add(key)
        return 'ready'
      }
      return jobs.has(key) || checking.has(key) ? 'pending' : 'missing'
    },
    async close() {
      closing = true
      for (const job of [...urgent, ...background]) {
        jobs.delete(job.key)
        job.reject(new Error('page renderer is closed'))
      }
      urgent.length = 0
      background.length = 0
      await Promise.allSettled(slots.flatMap((slot) => (slot.job ? [slot.job.promise] : [])))
      const stopping = slots.splice(0).map((slot) => slot.worker.terminate())
      await Promise.all(stopping)
    },
  }
}
