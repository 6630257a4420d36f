import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { ApiError } from '../http/api-error.ts'
import type { MailLocale } from '../mail/mail-locale.ts'
import type { ArchiveAuthorities, ArchiveRenewal } from '../signing/archive-pdf.ts'
import type { RenderedValidationReport } from '../signing/render-validation-report-pdf.ts'
import type { PrepareSignature } from '../signing/sign-pdf.ts'
import { SigningError, type SigningErrorCode } from '../signing/signing-error.ts'
import type { ValidationReportFacts } from '../signing/validation-report-facts.ts'
import type { FileStorageOptions } from '../storage/create-file-storage.ts'
import { createFileStorage } from '../storage/create-file-storage.ts'
import { pageImageKey, pageImagesFolder } from '../storage/storage-keys.ts'
import type { SheetFormat, SheetResult } from '../templates/read-sheet.ts'
import {
  DocumentError,
  type DocumentErrorCode,
  type DocumentFailure,
  documentFailure,
} from './document-error.ts'
import type { PdfInspection } from './inspect-pdf.ts'
import type {
  ArchiveQuestion,
  RenderAnswerMessage,
  RenderJobMessage,
  RenderJobResult,
  RenderResultMessage,
  RenderTiming,
  RenderWorkerData,
  RenderWorkerMessage,
} from './render-job.ts'

/** Options of {@link createPageRenderer}. */
export type PageRendererOptions = {
  /** Where documents are read from and page images cached; the workers open their own storage from it. */
  storage: FileStorageOptions
  /** @default available cores - 1, at least 1 */
  workers?: number
  /** WebP quality, 0-100. @default 80 */
  quality?: number
  /** Most pages an uploaded document may have (`MAX_PAGES`). @default 1000 */
  maxPages?: number
  /** A job running longer is abandoned, its worker replaced, and it fails `document.too_complex`. @default 20000 */
  timeLimitMs?: number
  /** JavaScript heap of a worker; a job that needs more fails `document.too_complex`. @default 768 */
  heapMb?: number
  /** Buffers a worker may hold outside its heap (decoded streams, images); past it as above. @default 768 */
  externalMb?: number
  /** Jobs that may wait for a worker while someone waits for them; more answer 503. @default 256 */
  queueLimit?: number
  /**
   * The module each worker runs; it answers the messages of render-job.ts. Tests of the limits give one that
   * stalls or bloats on purpose. @default render-worker.ts
   */
  worker?: URL
  /** Called after each page a worker produced, for logs and metrics. */
  onRendered?: (page: { key: string } & RenderTiming) => void
}

/** Where a page image stands: stored, queued or being rendered, or neither. */
type PageStatus = 'ready' | 'pending' | 'missing'

/**
 * Reads PDFs in worker threads with bounded time and memory, so that no file, however crafted, holds up
 * the request loop or takes the server's memory: it inspects uploads, extracts page text, renders pages
 * to WebP, cached in storage, and appends signatures' updates. One queue serves all: what someone waits for first, then the first pages of
 * new documents in the background.
 */
export type PageRenderer = {
  /**
   * Whether the uploaded file at `path` is a PDF the product takes, and what its record keeps. A file that
   * runs out of time or memory answers `document.too_complex`; 503 `server.busy` when too many wait.
   */
  inspect(path: string): Promise<PdfInspection | DocumentFailure>
  /** The text of page `page` (from 0) of a stored document, extracted once and stored beside its images. */
  pageText(docHash: string, page: number): Promise<string>
  /**
   * The storage key of the page image (`pageImageKey`), rendering it first if needed; page from 0, scale an
   * integer from `minScale` to `maxScale`. Rejects with a DocumentError (`document.page_not_found`,
   * `document.not_found`, `document.too_complex`), a RangeError for a bad scale, an ApiError when too many
   * wait, or an Error when the renderer is closed.
   */
  renderPage(docHash: string, page: number, scale: number): Promise<string>
  /**
   * Queues the first pages of a new document that are not stored yet, behind any page someone waits for;
   * the others are rendered when someone looks at them.
   */
  renderDocument(docHash: string, pageCount: number, scales?: readonly number[]): void
  /**
   * Appends a signature's update to a PDF (`preparePdfSignature`) in a worker, ahead of background work: a
   * SigningError for a PDF that cannot be signed, `document.too_complex` past the limits.
   */
  prepareSignature: PrepareSignature
  /**
   * Makes a signed PDF B-LTA (`archivePdf`) in a worker, which asks `authorities` (in this process, with the
   * keys) for the archive timestamp and the revocation data; errors as for `prepareSignature`.
   */
  archivePdf(pdf: Uint8Array, authorities: ArchiveAuthorities): Promise<Uint8Array>
  /**
   * Renews a B-LTA PDF's archive timestamp when its authority's certificate expires before `renewBefore`
   * (`renewArchiveTimestamp`) in a worker, as background work, asking `authorities` as {@link archivePdf} does.
   */
  renewArchive(pdf: Uint8Array, authorities: ArchiveAuthorities, renewBefore: Date): Promise<ArchiveRenewal>
  /**
   * The rows of a bulk send's CSV or XLSX file (`readSheet`) in a worker, within its bounds: a file that runs
   * out of time or memory is refused as `unreadable_file`; 503 `server.busy` when too many wait.
   */
  readSheet(bytes: Uint8Array, format: SheetFormat): Promise<SheetResult>
  /**
   * Draws a validation's PDF report in `locale` (`renderValidationReportPdf`) in a worker, ahead of background
   * work; `document.too_complex` past the limits, 503 `server.busy` when too many wait.
   */
  renderValidationReport(facts: ValidationReportFacts, locale: MailLocale): Promise<RenderedValidationReport>
  /** Drops the queued work on a document that is gone; whoever waits for it gets `document.not_found`. */
  forget(docHash: string): void
  status(docHash: string, page: number, scale: number): Promise<PageStatus>
  /** Lets the jobs being run finish, refuses the queued ones, and stops the workers. */
  close(): Promise<void>
}

type Job = {
  message: RenderJobMessage
  /** What makes two asks the same job (a page image's key); inspections are never shared. */
  key: string
  docHash: string | undefined
  promise: Promise<unknown>
  resolve: (result: unknown) => void
  reject: (error: Error) => void
  /** Who answers the worker's questions about this job (an archive's timestamp and revocation data). */
  authorities?: ArchiveAuthorities
}

type Slot = {
  worker: Worker
  job: Job | undefined
  /** Loaded, and not being ended (a limit passed, or it failed; its 'exit' starts another). */
  ready: boolean
  lastDocHash: string | undefined
  /** The job's time limit and the watch on its memory outside the heap. */
  timers: NodeJS.Timeout[]
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

const noop = () => {}

/** Smallest and largest scale a page is rendered at (100 = 96 dpi); the route validates `?scale=` to this. */
export const minScale = 5
export const maxScale = 400
/** Pages of a new document rendered at upload; the viewer asks for the others as they come into view. */
export const eagerPages = 2
// The background work a burst of uploads may queue; past it their first pages are rendered when asked for.
const backgroundLimit = 256
// Remembered failures, oldest forgotten first.
const failedLimit = 1000
const memoryCheckMs = 100

function workerError(code: DocumentErrorCode | SigningErrorCode | undefined, message: string): Error {
  if (code === undefined) return new Error(message)
  return code.startsWith('signing.')
    ? new SigningError(code as SigningErrorCode, message)
    : new DocumentError(code as DocumentErrorCode, message)
}

/** What the API process answers a worker's question: the timestamp token, OCSP response or CRL, DER. */
function answer(authorities: ArchiveAuthorities, question: ArchiveQuestion): Promise<Uint8Array | null> {
  switch (question.kind) {
    case 'timestamp':
      return authorities.tsa.timestamp(question.digest, question.algorithm)
    case 'ocsp':
      return authorities.revocation.getOCSP(question.cert, question.issuer)
    case 'crl':
      return authorities.revocation.getCRL(question.cert)
  }
}

const tooComplex = (reason: string) => new DocumentError('document.too_complex', `The PDF ${reason}`)
const closed = () => new Error('page renderer is closed')

/** Starts a pool of PDF workers (see {@link PageRendererOptions}). */
export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const storage = createFileStorage(options.storage)
  const workerData: RenderWorkerData = { storage: options.storage, quality: options.quality ?? 80 }
  const size = Math.max(1, options.workers ?? availableParallelism() - 1)
  const maxPages = options.maxPages ?? 1000
  const timeLimitMs = options.timeLimitMs ?? 20_000
  const heapMb = options.heapMb ?? 768
  const externalBytes = (options.externalMb ?? 768) * 1024 * 1024
  const queueLimit = options.queueLimit ?? 256
  const workerModule = options.worker ?? new URL('./render-worker.ts', import.meta.url)
  const jobs = new Map<string, Job>()
  const urgent: Job[] = []
  const background: Job[] = []
  const ready = new Set<string>()
  /** Pages renderDocument asked for whose stored image is being looked for: pending, not missing. */
  const checking = new Set<string>()
  /** Pages that ran out of time or memory: asked again, they fail at once instead of taking a worker again. */
  const failed = new Map<string, DocumentError>()
  const slots: Slot[] = []
  let nextId = 1
  let closing = false

  function settle(slot: Slot, result: RenderResultMessage | Error) {
    const job = slot.job
    for (const timer of slot.timers) clearTimeout(timer)
    slot.timers = []
    slot.job = undefined
    if (job !== undefined) {
      jobs.delete(job.key)
      // A page is asked for again and again; an upload or a signature is new each time.
      if (
        result instanceof DocumentError &&
        result.code === 'document.too_complex' &&
        (job.message.type === 'render' || job.message.type === 'text')
      ) {
        failed.set(job.key, result)
        if (failed.size > failedLimit) failed.delete(failed.keys().next().value ?? '')
      }
      if (result instanceof Error) job.reject(result)
      else if (result.ok) {
        if (job.message.type === 'render') {
          const rendered = result.result as RenderJobResult['render']
          ready.add(job.key)
          const { key, renderMs, encodeMs, storeMs } = rendered
          if (renderMs > 0) options.onRendered?.({ key, renderMs, encodeMs, storeMs })
        }
        job.resolve(result.result)
      } else job.reject(workerError(result.code, result.message))
    }
    dispatch()
  }

  /** Ends a worker whose job went past a limit; its 'exit' starts another. */
  function abandon(slot: Slot, reason: string) {
    slot.ready = false
    settle(slot, tooComplex(reason))
    void slot.worker.terminate()
  }

  function startWorker(): Slot {
    const worker = new Worker(workerModule, {
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    })
    const slot: Slot = { worker, job: undefined, ready: false, lastDocHash: undefined, timers: [] }
    worker.on('message', (message: RenderWorkerMessage) => {
      if (message === 'ready') {
        slot.ready = true
        dispatch()
      } else if (message.id !== slot.job?.message.id) return
      else if ('ask' in message) {
        const authorities = slot.job.authorities
        const answered =
          authorities === undefined
            ? Promise.reject(new Error('this job has nobody to ask'))
            : answer(authorities, message.question)
        answered.then(
          (value) =>
            worker.postMessage({ answer: message.ask, ok: true, value } satisfies RenderAnswerMessage),
          (error: Error) =>
            worker.postMessage({
              answer: message.ask,
              ok: false,
              message: error.message,
            } satisfies RenderAnswerMessage),
        )
      } else settle(slot, message)
    })
    // Always followed by 'exit', which replaces the worker.
    worker.on('error', (error: Error & { code?: string }) => {
      slot.ready = false
      settle(
        slot,
        tooComplex(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? 'needs too much memory'
            : `stopped its reader: ${error.message}`,
        ),
      )
    })
    worker.on('exit', () => {
      const index = slots.indexOf(slot)
      if (index < 0) return
      slots.splice(index, 1)
      if (slot.job !== undefined) settle(slot, tooComplex('stopped its reader'))
      if (!closing) slots.push(startWorker())
      dispatch()
    })
    return slot
  }

  function watch(slot: Slot, job: Job) {
    slot.timers.push(
      setTimeout(() => abandon(slot, `takes longer than ${timeLimitMs / 1000} s`), timeLimitMs),
    )
    const check = setInterval(() => {
      slot.worker.getHeapStatistics().then((stats) => {
        if (slot.job === job && stats.external_memory > externalBytes) abandon(slot, 'needs too much memory')
      }, noop)
    }, memoryCheckMs)
    slot.timers.push(check)
  }

  function dispatch() {
    for (;;) {
      const job = urgent[0] ?? background[0]
      const idle = slots.filter((slot) => slot.job === undefined && slot.ready)
      if (job === undefined || idle.length === 0) return
      ;(urgent[0] === job ? urgent : background).shift()
      const slot = idle.find((candidate) => candidate.lastDocHash === job.docHash) ?? idle[0]
      if (slot === undefined) return
      slot.job = job
      slot.lastDocHash = job.docHash ?? slot.lastDocHash
      watch(slot, job)
      slot.worker.postMessage(job.message)
    }
  }

  function enqueue<K extends keyof RenderJobResult>(
    message: DistributiveOmit<Extract<RenderJobMessage, { type: K }>, 'id'>,
    key: string,
    isUrgent: boolean,
    authorities?: ArchiveAuthorities,
  ): Promise<RenderJobResult[K]> {
    const known = failed.get(key)
    if (known !== undefined) return Promise.reject(known)
    const queued = jobs.get(key)
    if (queued !== undefined) {
      const waiting = background.indexOf(queued)
      if (isUrgent && waiting >= 0) {
        background.splice(waiting, 1)
        urgent.push(queued)
      }
      return queued.promise as Promise<RenderJobResult[K]>
    }
    if (closing) return Promise.reject(closed())
    if (isUrgent ? urgent.length >= queueLimit : background.length >= backgroundLimit) {
      return Promise.reject(new ApiError(503, 'server.busy', 'Too many documents are being read: try again'))
    }
    let resolve: (result: unknown) => void = noop
    let reject: (error: Error) => void = noop
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res
      reject = rej
    })
    const docHash = 'docHash' in message ? message.docHash : undefined
    const job: Job = {
      message: { ...message, id: nextId++ } as RenderJobMessage,
      key,
      docHash,
      promise,
      resolve,
      reject,
      ...(authorities === undefined ? {} : { authorities }),
    }
    jobs.set(key, job)
    ;(isUrgent ? urgent : background).push(job)
    dispatch()
    return promise as Promise<RenderJobResult[K]>
  }

  function checkPage(page: number) {
    if (!Number.isInteger(page) || page < 0) throw new DocumentError('document.page_not_found')
  }

  for (let i = 0; i < size; i++) slots.push(startWorker())

  return {
    async inspect(path) {
      const { inspection } = await enqueue<'inspect'>(
        { type: 'inspect', path, maxPages },
        `inspect:${nextId}`,
        true,
      ).catch((error: unknown) => {
        if (error instanceof DocumentError) return { inspection: documentFailure(error.code, error.message) }
        throw error
      })
      return inspection
    },
    prepareSignature(pdf, plan) {
      return enqueue<'sign'>({ type: 'sign', pdf, plan }, `sign:${nextId}`, true)
    },
    async archivePdf(pdf, authorities) {
      const archive = `archive:${nextId}`
      return (await enqueue<'archive'>({ type: 'archive', pdf }, archive, true, authorities)).bytes
    },
    renewArchive(pdf, authorities, renewBefore) {
      return enqueue<'renew-archive'>(
        { type: 'renew-archive', pdf, renewBefore: renewBefore.getTime() },
        `renew-archive:${nextId}`,
        false,
        authorities,
      )
    },
    readSheet(bytes, format) {
      return enqueue<'sheet'>({ type: 'sheet', bytes, format }, `sheet:${nextId}`, true).catch(
        (error: unknown): SheetResult => {
          if (error instanceof DocumentError && error.code === 'document.too_complex')
            return { refused: 'unreadable_file', message: error.message.replace('The PDF', 'The file') }
          throw error
        },
      )
    },
    renderValidationReport(facts, locale) {
      return enqueue<'validation-report'>(
        { type: 'validation-report', facts, locale },
        `validation-report:${nextId}`,
        true,
      )
    },
    async pageText(docHash, page) {
      checkPage(page)
      const { text } = await enqueue<'text'>({ type: 'text', docHash, page }, `text:${docHash}:${page}`, true)
      return text
    },
    async renderPage(docHash, page, scale) {
      checkPage(page)
      if (!Number.isInteger(scale) || scale < minScale || scale > maxScale) {
        throw new RangeError(`scale must be an integer from ${minScale} to ${maxScale}`)
      }
      const key = pageImageKey(docHash, page, scale)
      if (ready.has(key) || (!jobs.has(key) && (await storage.exists(key)))) {
        ready.add(key)
        return key
      }
      const rendered = await enqueue<'render'>({ type: 'render', docHash, page, scale }, key, true)
      return rendered.key
    },
    renderDocument(docHash, pageCount, scales = [100, 20]) {
      for (let page = 0; page < Math.min(pageCount, eagerPages); page++) {
        for (const scale of scales) {
          const key = pageImageKey(docHash, page, scale)
          if (ready.has(key) || jobs.has(key) || checking.has(key)) continue
          // The same PDF uploaded again (content-addressed) has its pages stored already. Until that is
          // known the page counts as pending: it is on its way either way.
          checking.add(key)
          // Nobody awaits a background render; a renderer that closed meanwhile refuses it, and whoever asks
          // for the page later renders it then.
          const render = () => {
            checking.delete(key)
            enqueue({ type: 'render', docHash, page, scale }, key, page === 0).catch(noop)
          }
          const found = () => {
            checking.delete(key)
            ready.add(key)
          }
          void storage.exists(key).then((stored) => (stored ? found() : render()), render)
        }
      }
    },
    forget(docHash) {
      for (const queue of [urgent, background]) {
        for (const job of queue.filter((queued) => queued.docHash === docHash)) {
          queue.splice(queue.indexOf(job), 1)
          jobs.delete(job.key)
          job.reject(new DocumentError('document.not_found'))
        }
      }
      // Its stored images go with it: a later upload of the same bytes renders them again.
      const folder = `${pageImagesFolder(docHash)}/`
      for (const key of ready) if (key.startsWith(folder)) ready.delete(key)
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
        job.reject(closed())
      }
      urgent.length = 0
      background.length = 0
      await Promise.allSettled(slots.flatMap((slot) => (slot.job ? [slot.job.promise] : [])))
      const stopping = slots.splice(0).map((slot) => {
        for (const timer of slot.timers) clearTimeout(timer)
        return slot.worker.terminate()
      })
      await Promise.all(stopping)
    },
  }
}
