import { and, asc, eq, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { type JobLane, jobLanes } from '../../contract/health.ts'
import type { Database } from '../db/open-database.ts'
import { jobs } from '../db/schema/jobs.ts'
import type { ErrorReporter } from '../providers/error-reporting/start-error-reporting.ts'

/** The database, or the transaction of the change that promises the job. */
export type JobWriter = Pick<Database, 'insert'>

/** What a handler answers when the job cannot run yet: it waits until `notBefore`, and the try is not counted. */
type JobPostponed = { notBefore: Date }

/** Runs one job of a kind; a thrown error is a failed try. */
export type JobHandler = (payload: unknown) => Promise<JobPostponed | undefined>

/**
 * How the jobs of one kind are run: by `run`, in `lane`. Each lane has its own places, so a lane whose
 * receivers are slow (mail servers, callback receivers) fills only its own.
 */
export type JobKind = { lane: JobLane; run: JobHandler }

/** Options of {@link createJobQueue}. */
export type JobQueueOptions = {
  db: Database
  /** The kinds this process runs, by name; it leaves jobs of other kinds to processes that know them. */
  handlers: Record<string, JobKind>
  logger: Logger
  /** The server's clock: when a job is due, when its lease ends, when it is tried again. */
  now: () => Date
  /** How often a process looks for due jobs besides the ones it enqueues itself. @default 1000 */
  pollMs?: number
  /**
   * How long a claimed job is its process's without a sign of life; the process renews it every third of
   * that while the job runs, so the jobs of a process that died are taken again within it. @default 30 s
   */
  leaseMs?: number
  /** How many jobs of each lane this process runs at once. @default mail 4, callbacks 8, upkeep 1, billing 2, bulk 2 */
  concurrency?: Partial<Record<JobLane, number>>
  /** Tries before a job is kept as failed. @default 8 */
  maxAttempts?: number
  /** Where a job kept as failed is reported (Sentry, when configured), besides the log. @default none */
  reporter?: ErrorReporter | null
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
  /**
   * Looks for due jobs at once (after a commit that enqueued some) instead of at the next poll: those of
   * `kind`'s lane, or of every lane.
   */
  wake(kind?: string): void
  /** Runs the jobs due now in every lane, until none is left; answers how many ran. */
  runDue(): Promise<number>
  /** The lane jobs of `kind` run in; undefined for a kind this process does not run. */
  laneOf(kind: string): JobLane | undefined
  /** Starts looking for due jobs every `pollMs`. */
  start(): void
  /**
   * Stops looking and waits for the jobs under way; jobs not yet run stay in the table for the next start.
   * Jobs still running after `handBackAfterMs` are handed back: due at once, their try not counted, so the next
   * process to look takes them without waiting for their lease to run out (the handler's outcome, should it
   * come later, is not recorded: the job runs again, as after a crash).
   */
  stop(handBackAfterMs?: number): Promise<void>
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

/**
 * Writes many jobs of one kind due at `at` in one statement, each under its key (kept if it exists already), with
 * `writer` the transaction of the change that promises them: a bulk send's rows.
 */
export async function writeJobs(
  writer: JobWriter,
  kind: string,
  items: readonly { payload: unknown; key: string }[],
  at: Date,
): Promise<void> {
  if (items.length === 0) return
  await writer
    .insert(jobs)
    .values(items.map(({ payload, key }) => ({ kind, payload, key, runAt: at, createdAt: at })))
    .onConflictDoNothing({ target: jobs.key })
}

/** The pause before try `attempt + 1` (from 1): 2 s doubling up to an hour, with up to a fifth of jitter. */
export function retryDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(2000 * 2 ** (attempt - 1), 60 * 60 * 1000)
  return Math.round(base * (1 + random() / 5))
}

// Mail servers take several connections; callbacks wait on receivers that may be slow, so more of them
// run at once; the upkeep is one hourly sweep; billing calls a provider that limits its clients.
// A bulk send's rows each start a request: their own lane, so that 5,000 of them delay no one's mail.
const defaultConcurrency: Record<JobLane, number> = { mail: 4, callbacks: 8, upkeep: 1, billing: 2, bulk: 2 }

type ClaimedJob = { id: number; kind: string; payload: unknown; attempts: number }

type JobOutcome = Partial<typeof jobs.$inferInsert>

type Lane = {
  name: JobLane
  concurrency: number
  /** The lane's jobs under way in this process, by id. */
  running: Map<number, { job: ClaimedJob; done: Promise<void> }>
  /** The claim under way, if any: one at a time, so a lane never takes more than it has places for. */
  claiming: Promise<void> | undefined
  /** Whether to look again once the claim under way is done (a wake or a finished job came meanwhile). */
  again: boolean
  /**
   * Whether the lane's last look found fewer due jobs than it had places for. A job that finishes then frees a
   * place no due job waits for, so the lane looks again only when woken or at the next poll: a look that finds
   * nothing is a round trip for nothing, after every job.
   */
  dry: boolean
}

/** A queue of durable jobs in the product's database, shared by every process on it. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, handlers, logger, now } = options
  const pollMs = options.pollMs ?? 1000
  const leaseMs = options.leaseMs ?? 30_000
  const maxAttempts = options.maxAttempts ?? 8
  const lanes: Lane[] = jobLanes.map((name) => ({
    name,
    concurrency: options.concurrency?.[name] ?? defaultConcurrency[name],
    running: new Map(),
    claiming: undefined,
    again: false,
    dry: false,
  }))
  let started = 0
  let timer: NodeJS.Timeout | undefined
  let heartbeat: NodeJS.Timeout | undefined
  let stopped = false
  /** Jobs this process gave back at shutdown while their handlers still ran. */
  const handedBack = new Set<number>()

  const laneOf = (kind: string) => handlers[kind]?.lane
  const runningIds = () => lanes.flatMap((lane) => [...lane.running.keys()])

  /**
   * Takes up to `limit` of the lane's due jobs, and jobs whose process let their lease run out, for this
   * process. Its own jobs under way are alive whatever their lease says (the clock may have been moved). With
   * `finished`, the outcome of one of them is recorded in the same statement.
   */
  async function claim(
    lane: Lane,
    limit: number,
    finished?: { job: ClaimedJob; outcome: JobOutcome },
  ): Promise<ClaimedJob[]> {
    const kinds = Object.keys(handlers).filter((kind) => laneOf(kind) === lane.name)
    if (kinds.length === 0) {
      if (finished !== undefined) await record(finished.job, finished.outcome)
      return []
    }
    const at = now()
    const mine = runningIds()
    // One statement, so one round trip, whether it finds jobs or not: the rows it picks are locked (and those
    // another process holds skipped) until it has marked them as this process's.
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          or(
            and(eq(jobs.state, 'waiting'), lte(jobs.runAt, at)),
            and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, at)),
          ),
          inArray(jobs.kind, kinds),
          mine.length === 0 ? undefined : notInArray(jobs.id, mine),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true })
    // The finished job is among this process's, so the claim does not see it: no row is written twice.
    const recorded =
      finished === undefined
        ? undefined
        : db
            .$with('recorded')
            .as(db.update(jobs).set(finished.outcome).where(tried(finished.job)).returning({ id: jobs.id }))
    return (recorded === undefined ? db : db.with(recorded))
      .update(jobs)
      .set({
        state: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(at.getTime() + leaseMs),
      })
      .where(inArray(jobs.id, due))
      .returning({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts })
  }

  // The claim's try is its token: a process that lost the job (its lease ran out while it was stalled) must not
  // write over the outcome of the process that took it.
  const tried = (job: ClaimedJob) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts))

  async function record(job: ClaimedJob, outcome: JobOutcome) {
    await db.update(jobs).set(outcome).where(tried(job))
  }

  /** Extends the lease of every job this process runs: it is alive. */
  function renewLeases() {
    const ids = runningIds()
    if (ids.length === 0) return
    db.update(jobs)
      .set({ lockedUntil: new Date(now().getTime() + leaseMs) })
      .where(and(inArray(jobs.id, ids), eq(jobs.state, 'running')))
      .catch((error: unknown) => logger.warn({ err: error }, 'job leases could not be renewed'))
  }

  async function runOne(lane: Lane, job: ClaimedJob) {
    const kind = handlers[job.kind]
    let outcome: JobOutcome
    try {
      if (kind === undefined) throw new Error(`no handler for jobs of kind ${job.kind}`)
      const postponed = await kind.run(job.payload)
      outcome = postponed
        ? { state: 'waiting', lockedUntil: null, runAt: postponed.notBefore, attempts: job.attempts - 1 }
        : { state: 'done', lockedUntil: null, finishedAt: now(), lastError: null }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const failed = job.attempts >= maxAttempts
      logger.warn({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, failed }, 'job failed')
      // Tries that will be made again are the third parties' weather; a job given up is for someone to look at.
      if (failed) options.reporter?.report(error, { job_id: String(job.id), job_kind: job.kind })
      outcome = failed
        ? { state: 'failed', lockedUntil: null, finishedAt: now(), lastError: message }
        : {
            state: 'waiting',
            lockedUntil: null,
            runAt: new Date(now().getTime() + retryDelayMs(job.attempts)),
            lastError: message,
          }
    }
    // A job handed back at shutdown is another process's to run now.
    if (handedBack.has(job.id)) return
    if (lane.dry || stopped || lane.claiming !== undefined) return record(job, outcome)
    // Jobs of the lane wait: the round trip that records this one's outcome takes the next in its place.
    let failure: { error: unknown } | undefined
    lane.claiming = (async () => {
      const free = lane.concurrency - lane.running.size + 1
      const claimed = await claim(lane, free, { job, outcome })
      lane.running.delete(job.id)
      lane.dry = claimed.length < free
      for (const next of claimed) begin(lane, next)
    })()
      .catch((error: unknown) => {
        failure = { error }
      })
      .finally(() => {
        lane.claiming = undefined
        if (lane.again) fill(lane)
      })
    await lane.claiming
    if (failure !== undefined) throw failure.error
  }

  function begin(lane: Lane, job: ClaimedJob) {
    started += 1
    heartbeat ??= setInterval(renewLeases, leaseMs / 3)
    heartbeat.unref()
    const run = runOne(lane, job)
      .catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, 'job outcome not recorded'))
      .finally(() => {
        lane.running.delete(job.id)
        if (runningIds().length === 0) {
          clearInterval(heartbeat)
          heartbeat = undefined
        }
        if (!lane.dry) fill(lane)
      })
    lane.running.set(job.id, { job, done: run })
  }

  /** Claims as many due jobs as the lane has free places, and again whenever one frees up while jobs wait. */
  function fill(lane: Lane) {
    if (stopped) return
    if (lane.claiming !== undefined) {
      lane.again = true
      return
    }
    lane.claiming = (async () => {
      do {
        lane.again = false
        const free = lane.concurrency - lane.running.size
        if (free <= 0) return
        const claimed = await claim(lane, free)
        lane.dry = claimed.length < free
        for (const job of claimed) begin(lane, job)
      } while (lane.again)
    })()
      .catch((error: unknown) => logger.warn({ err: error, lane: lane.name }, 'jobs could not be claimed'))
      .finally(() => {
        lane.claiming = undefined
      })
  }

  /** Waits until no lane claims or runs anything. */
  async function idle() {
    for (;;) {
      const pending = lanes.flatMap((lane) => [
        ...(lane.claiming === undefined ? [] : [lane.claiming]),
        ...[...lane.running.values()].map((entry) => entry.done),
      ])
      if (pending.length === 0) return
      await Promise.all(pending)
    }
  }

  const fillAll = () => {
    for (const lane of lanes) fill(lane)
  }

  return {
    enqueue(writer, kind, payload, options) {
      return writeJob(writer, kind, payload, now(), options)
    },
    wake(kind) {
      const lane = kind === undefined ? undefined : lanes.find((each) => each.name === laneOf(kind))
      if (lane === undefined) fillAll()
      else fill(lane)
    },
    async runDue() {
      const before = started
      for (;;) {
        const round = started
        fillAll()
        await idle()
        if (started === round) return started - before
      }
    },
    laneOf,
    start() {
      stopped = false
      timer ??= setInterval(fillAll, pollMs)
      timer.unref()
      fillAll()
    },
    async stop(handBackAfterMs) {
      stopped = true
      clearInterval(timer)
      timer = undefined
      if (handBackAfterMs === undefined) return idle()
      let wait: NodeJS.Timeout | undefined
      const finished = await Promise.race([
        idle().then(() => true),
        new Promise<false>((resolve) => {
          wait = setTimeout(() => resolve(false), handBackAfterMs)
        }),
      ])
      clearTimeout(wait)
      if (finished) return
      const held = lanes.flatMap((lane) => [...lane.running.values()].map((entry) => entry.job))
      logger.warn({ jobIds: held.map((job) => job.id) }, 'jobs still running at shutdown: handing them back')
      for (const job of held) {
        handedBack.add(job.id)
        await db
          .update(jobs)
          .set({ state: 'waiting', lockedUntil: null, runAt: now(), attempts: job.attempts - 1 })
          .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)))
      }
    },
  }
}
