import { ne, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { type HealthResponse, type JobLane, jobLanes } from '../../contract/health.ts'
import { apiPaths } from '../../contract/paths.ts'
import type { Database } from '../db/open-database.ts'
import { jobs } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { sendJson } from '../http/send-json.ts'
import type { JobQueue } from '../jobs/job-queue.ts'

type Counts = HealthResponse['jobs']['lanes'][JobLane]

/**
 * `GET /health`: answers only when the database answers, so a load balancer can take a process out, and
 * says how the jobs fare, in all and per lane: how many wait (a job whose process died while running it
 * waits to be taken again), run and failed, and how long the oldest due one has waited.
 */
export function createHealthRoutes(db: Database, now: () => Date, laneOf: JobQueue['laneOf']): Hono {
  return new Hono().get(apiPaths.health(), async (c) => {
    const at = now()
    const atTime = sql`${at.toISOString()}::timestamptz`
    const orphaned = sql`${jobs.state} = 'running' and ${jobs.lockedUntil} < ${atTime}`
    const waiting = sql`(${jobs.state} = 'waiting' or (${orphaned}))`
    const due = sql`((${jobs.state} = 'waiting' and ${jobs.runAt} <= ${atTime}) or (${orphaned}))`
    let rows: {
      kind: string
      waiting: number
      running: number
      failed: number
      oldestDue: Date | string | null
    }[]
    try {
      rows = await db
        .select({
          kind: jobs.kind,
          waiting: sql<number>`count(*) filter (where ${waiting})`.mapWith(Number),
          running:
            sql<number>`count(*) filter (where ${jobs.state} = 'running' and not (${orphaned}))`.mapWith(
              Number,
            ),
          failed: sql<number>`count(*) filter (where ${jobs.state} = 'failed')`.mapWith(Number),
          oldestDue: sql<Date | string | null>`min(${jobs.runAt}) filter (where ${due})`,
        })
        .from(jobs)
        .where(ne(jobs.state, 'done'))
        .groupBy(jobs.kind)
    } catch (cause) {
      throw new ApiError(503, 'server.unavailable', 'The database does not answer', { cause })
    }
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
    const body: HealthResponse = { status: 'ok', jobs: { ...total, lanes } }
    return sendJson(c, body)
  })
}

const counts = (): Counts => ({ waiting: 0, running: 0, failed: 0, oldestWaitingSeconds: 0 })
