import { ne, sql } from 'drizzle-orm'
import { type HealthResponse, type JobLane, jobLanes } from '../../contract/health.ts'
import type { Database } from '../db/open-database.ts'
import { jobs } from '../db/schema/jobs.ts'
import type { JobQueue } from './job-queue.ts'

/** How the jobs fare, in all and per lane. */
export type JobCounts = HealthResponse['jobs']

type Counts = HealthResponse['jobs']['lanes'][JobLane]

/**
 * How many jobs wait (a job whose process died while running it waits to be taken again), run and failed, and
 * how long the oldest due one has waited at `at`, in all and per lane. Rejects when the database does not answer.
 */
export async function countJobs(db: Database, at: Date, laneOf: JobQueue['laneOf']): Promise<JobCounts> {
  const atTime = sql`${at.toISOString()}::timestamptz`
  const orphaned = sql`${jobs.state} = 'running' and ${jobs.lockedUntil} < ${atTime}`
  const waiting = sql`(${jobs.state} = 'waiting' or (${orphaned}))`
  const due = sql`((${jobs.state} = 'waiting' and ${jobs.runAt} <= ${atTime}) or (${orphaned}))`
  const rows = await db
    .select({
      kind: jobs.kind,
      waiting: sql<number>`count(*) filter (where ${waiting})`.mapWith(Number),
      running: sql<number>`count(*) filter (where ${jobs.state} = 'running' and not (${orphaned}))`.mapWith(
        Number,
      ),
      failed: sql<number>`count(*) filter (where ${jobs.state} = 'failed')`.mapWith(Number),
      oldestDue: sql<Date | string | null>`min(${jobs.runAt}) filter (where ${due})`,
    })
    .from(jobs)
    .where(ne(jobs.state, 'done'))
    .groupBy(jobs.kind)
  const total = counts()
  const lanes = Object.fromEntries(jobLanes.map((lane) => [lane, counts()])) as Record<JobLane, Counts>
  for (const row of rows) {
    const oldestWaitingSeconds =
      row.oldestDue === null
        ? 0
        : Math.max(0, Math.round((at.getTime() - new Date(row.oldestDue).getTime()) / 1000))
    const lane = laneOf(row.kind)
    for (const into of lane === undefined ? [total] : [total, lanes[lane]]) {
      into.waiting += row.waiting
      into.running += row.running
      into.failed += row.failed
      into.oldestWaitingSeconds = Math.max(into.oldestWaitingSeconds, oldestWaitingSeconds)
    }
  }
  return { ...total, lanes }
}

const counts = (): Counts => ({ waiting: 0, running: 0, failed: 0, oldestWaitingSeconds: 0 })
