import { Worker } from 'node:worker_threads'
import { ApiError } from '../http/api-error.ts'
import type { ValidateJobMessage, ValidateWorkerMessage } from './validate-job.ts'
import type { ValidationReport } from './validate-pdf.ts'

/** Options of {@link createValidationPool}. */
export type ValidationPoolOptions = {
  /**
   * Roots a signature chain may lead to, usually the platform's root CAs: fixed, or read for each validation
   * (the platform gets a new root while it runs, in any process).
   */
  trustedRoots: Uint8Array[] | (() => Promise<Uint8Array[]>)
  /** Worker threads. @default 1 */
  workers?: number
  /** Validations that may wait for a worker; more are refused. @default 8 */
  queueLimit?: number
  /** A validation running longer is abandoned and its worker replaced. @default 20000 */
  timeLimitMs?: number
  /**
   * The module each worker thread runs; it answers the messages of validate-job.ts. Tests of the limits give
   * one that never finishes some PDFs. @default validate-worker.ts
   */
  worker?: URL
}

/** Validates PDFs in worker threads, so no PDF, however large or crafted, holds up the request loop. */
export type ValidationPool = {
  /** Throws {@link ValidationBusy} while the queue is full: lets a route refuse before it reads an upload. */
  assertRoom(): void
  /**
   * The report of `bytes`, which are handed to a worker (the array is empty afterwards). Rejects with
   * {@link ValidationBusy} when the queue is full, 422 `validation.too_complex` when the validation runs out
   * of time or memory, and 503 `server.unavailable` once the pool is closed.
   */
  validate(bytes: Uint8Array): Promise<ValidationReport>
  /** How many validations wait for a worker and how many run now, for the metrics. */
  load(): { waiting: number; running: number }
  /** Refuses the queued validations, abandons the running ones and stops the workers. */
  close(): Promise<void>
}

/** 503 `server.busy`: too many validations wait; the answer's Retry-After says when to try again. */
class ValidationBusy extends ApiError {
  constructor(retryAfterSeconds: number) {
    super(503, 'server.busy', `Too many documents are being validated: try again in ${retryAfterSeconds} s`, {
      retryAfterSeconds,
    })
  }
}

type Job = {
  id: number
  bytes: Uint8Array
  trustedRoots: Uint8Array[]
  resolve: (report: ValidationReport) => void
  reject: (error: Error) => void
}

// `ready` once the worker has loaded; false again while it is being stopped (time limit, crash) until its
// 'exit' replaces it.
type Slot = { worker: Worker; ready: boolean; job: Job | undefined; timer: NodeJS.Timeout | undefined }

// Legitimate PDFs wait milliseconds for a worker; a full queue is mostly PDFs that run into the time limit.
const busyRetryAfterSeconds = 5
// Ample for a real PDF at the 40 MB upload limit (one of 38 MB and 18,000 pages validates in it); a crafted
// one that needs more ends its worker instead of taking the machine's memory.
const workerHeapMb = 1024

const tooComplex = (reason: string) =>
  new ApiError(422, 'validation.too_complex', `The PDF is too complex to validate: ${reason}`)
const closed = () => new ApiError(503, 'server.unavailable', 'Validation has stopped: the server is stopping')

// Only a whole ArrayBuffer can be transferred; a view of part of one (a pooled Buffer) is copied first.
function transferable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
    ? new Uint8Array(buffer)
    : new Uint8Array(bytes)
}

/** Starts a pool of validation workers (see {@link ValidationPoolOptions}). */
export function createValidationPool(options: ValidationPoolOptions): ValidationPool {
  const { trustedRoots } = options
  const rootsNow = typeof trustedRoots === 'function' ? trustedRoots : async () => trustedRoots
  const size = Math.max(1, options.workers ?? 1)
  const queueLimit = options.queueLimit ?? 8
  const timeLimitMs = options.timeLimitMs ?? 20_000
  const workerModule = options.worker ?? new URL('./validate-worker.ts', import.meta.url)
  const queue: Job[] = []
  const slots: Slot[] = []
  let nextId = 1
  let closing = false

  // Answers the slot's job, if it still has one, and frees the slot.
  function settle(slot: Slot, outcome: ValidationReport | Error) {
    const job = slot.job
    clearTimeout(slot.timer)
    slot.job = undefined
    slot.timer = undefined
    if (job === undefined) return
    if (outcome instanceof Error) job.reject(outcome)
    else job.resolve(outcome)
  }

  function startWorker(): Slot {
    const worker = new Worker(workerModule, {
      resourceLimits: { maxOldGenerationSizeMb: workerHeapMb },
    })
    const slot: Slot = { worker, ready: false, job: undefined, timer: undefined }
    worker.on('message', (message: ValidateWorkerMessage) => {
      if (message.type === 'ready') slot.ready = true
      else if (message.id === slot.job?.id) {
        settle(slot, message.type === 'report' ? message.report : new Error(message.message))
      }
      dispatch()
    })
    // Always followed by 'exit', which replaces the worker.
    worker.on('error', (error: Error & { code?: string }) => {
      slot.ready = false
      settle(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? tooComplex('it needs too much memory')
          : new Error('validation worker failed', { cause: error }),
      )
    })
    worker.on('exit', () => {
      const index = slots.indexOf(slot)
      if (index < 0) return
      slots.splice(index, 1)
      settle(slot, new Error('validation worker stopped'))
      if (!closing) slots.push(startWorker())
    })
    return slot
  }

  function dispatch() {
    for (const slot of slots) {
      if (!slot.ready || slot.job !== undefined) continue
      const job = queue.shift()
      if (job === undefined) return
      slot.job = job
      slot.timer = setTimeout(() => {
        slot.ready = false
        settle(slot, tooComplex(`it takes longer than ${timeLimitMs / 1000} s`))
        void slot.worker.terminate()
      }, timeLimitMs)
      const sent = transferable(job.bytes)
      try {
        slot.worker.postMessage(
          { id: job.id, bytes: sent, trustedRoots: job.trustedRoots } satisfies ValidateJobMessage,
          [sent.buffer],
        )
      } catch (error) {
        settle(slot, error as Error)
      }
    }
  }

  function assertRoom() {
    const idle = slots.some((slot) => slot.ready && slot.job === undefined)
    if (!idle && queue.length >= queueLimit) throw new ValidationBusy(busyRetryAfterSeconds)
  }

  for (let i = 0; i < size; i++) slots.push(startWorker())

  return {
    assertRoom,
    async validate(bytes) {
      if (closing) throw closed()
      assertRoom()
      const roots = await rootsNow()
      if (closing) throw closed()
      // Checked again with the push in the same turn: calls that arrived together all passed the first check.
      assertRoom()
      return new Promise<ValidationReport>((resolve, reject) => {
        queue.push({ id: nextId++, bytes, trustedRoots: roots, resolve, reject })
        dispatch()
      })
    },
    load: () => ({ waiting: queue.length, running: slots.filter((slot) => slot.job !== undefined).length }),
    async close() {
      closing = true
      for (const job of queue.splice(0)) job.reject(closed())
      const stopping = slots.splice(0).map((slot) => {
        settle(slot, closed())
        return slot.worker.terminate()
      })
      await Promise.all(stopping)
    },
  }
}
