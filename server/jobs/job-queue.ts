import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Database } from '../db/open-database.ts'
import { jobs } from '../db/schema.ts'

/** The database, or the transaction of the change that promises the job. */
export type JobWriter = Pick<Database, 'insert'>

/** Runs one job of a kind; a thrown error is a failed try. */
export type JobHandler = (payload: unknown) => Promise<void>

/** Options of {@link createJobQueue}. */
export type JobQueueOptions = {
  db: Database
  handlers: Record<string, JobHandler>
  logger: Logger
  /** The server's clock: when a job is due, when its lock ends, when it is tried again. */
  now: () => Date
  /** How often a process looks for due jobs besides the ones it enqueues itself. @default 1000 */
  pollMs?: number
  /** How long a claimed job is its process's; past it, another process takes it again. @default 5 minutes */
  lockMs?: number
  /** Tries before a job is kept as failed. @default 8 */
  maxAttempts?: number
}

/** A process's view of the jobs table. */
export type JobQueue = {
  /**
   * Writes a job, with `writer` the transaction of the change that promises it. With a `key`, a job that
   * exists already under that key is kept and nothing is written.
   */
  enqueue(
    writer: JobWriter,
    kind: string,
    payload: unknown,
    options?: { runAt?: Date; key?: string },
  ): Promise<void>
  /** Looks for due jobs at once (after a commit that enqueued some) instead of at the next poll. */
  wake(): void
  /** Claims and runs the jobs due now, until none is left; answers how many ran. */
  runDue(): Promise<number>
  /** Starts looking for due jobs every `pollMs`. */
  start(): void
  /** Stops looking and waits for the jobs under way; jobs not yet run stay in the table for the next start. */
  stop(): Promise<void>
}

/**
 * Writes a job due at `runAt` (default `at`), with `writer` the transaction of the change that promises it;
 * a process finds it at its next poll. With a `key`, a job that exists already under that key is kept.
 */
export async function writeJob(
  writer: JobWriter,
  kind: string,
  payload: unknown,
  at: Date,
  { runAt, key }: { runAt?: Date; key?: string } = {},
): Promise<void> {
  await writer
    .insert(jobs)
    .values({ kind, payload, key, runAt: runAt ?? at, createdAt: at })
    .onConflictDoNothing({ target: jobs.key })
}

/** The pause before try `attempt + 1` (from 1): 2 s doubling up to an hour, with up to a fifth of jitter. */
export function retryDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(2000 * 2 ** (attempt - 1), 60 * 60 * 1000)
  return Math.round(base * (1 + random() / 5))
}

const claimBatch = 10

/** A queue of durable jobs in the product's database, shared by every process on it. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, handlers, logger, now } = options
  const pollMs = options.pollMs ?? 1000
  const lockMs = options.lockMs ?? 5 * 60 * 1000
  const maxAttempts = options.maxAttempts ?? 8
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let again = false
  let stopped = false

  /** Takes up to a batch of due jobs, and jobs whose process let their lock run out, for this process. */
  async function claim() {
    const at = now()
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          or(
            and(eq(jobs.state, 'waiting'), lte(jobs.runAt, at)),
            and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, at)),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(claimBatch)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      return tx
        .update(jobs)
        .set({
          state: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedUntil: new Date(at.getTime() + lockMs),
        })
        .where(
          inArray(
            jobs.id,
            due.map((job) => job.id),
          ),
        )
        .returning({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts })
    })
  }

  async function runOne(job: { id: number; kind: string; payload: unknown; attempts: number }) {
    const handler = handlers[job.kind]
    try {
      if (handler === undefined) throw new Error(`no handler for jobs of kind ${job.kind}`)
      await handler(job.payload)
      await db
        .update(jobs)
        .set({ state: 'done', lockedUntil: null, finishedAt: now(), lastError: null })
        .where(eq(jobs.id, job.id))
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const failed = job.attempts >= maxAttempts
      logger.warn({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, failed }, 'job failed')
      await db
        .update(jobs)
        .set(
          failed
            ? { state: 'failed', lockedUntil: null, finishedAt: now(), lastError: message }
            : {
                state: 'waiting',
                lockedUntil: null,
                runAt: new Date(now().getTime() + retryDelayMs(job.attempts)),
                lastError: message,
              },
        )
        .where(eq(jobs.id, job.id))
    }
  }

  async function runAll(): Promise<number> {
    let ran = 0
    for (;;) {
      again = false
      const batch = await claim()
      for (const job of batch) await runOne(job)
      ran += batch.length
      if (batch.length < claimBatch && !again) return ran
    }
  }

  const runDue = (): Promise<number> => {
    if (running !== undefined) {
      again = true
      return running
    }
    running = runAll().finally(() => {
      running = undefined
    })
    return running
  }

  const tick = () => {
    runDue().catch((error: unknown) => logger.warn({ err: error }, 'jobs could not be run'))
  }

  return {
    enqueue(writer, kind, payload, options) {
      return writeJob(writer, kind, payload, now(), options)
    },
    wake() {
      if (!stopped) tick()
    },
    runDue,
    start() {
      stopped = false
      timer ??= setInterval(tick, pollMs)
      timer.unref()
      tick()
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      timer = undefined
      await running?.catch(() => {})
    },
  }
}
