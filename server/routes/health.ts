import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { HealthResponse } from '../../contract/health.ts'
import { apiPaths } from '../../contract/paths.ts'
import type { Database } from '../db/open-database.ts'
import { jobs } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { sendJson } from '../http/send-json.ts'

/**
 * `GET /health`: answers only when the database answers, so a load balancer can take a process out, and
 * says how the jobs fare: how many wait, how many failed, and how long the oldest due one has waited.
 */
export function createHealthRoutes(db: Database, now: () => Date): Hono {
  return new Hono().get(apiPaths.health(), async (c) => {
    let counts: { waiting: number; failed: number; oldestDue: Date | string | null } | undefined
    const at = now()
    try {
      ;[counts] = await db
        .select({
          waiting: sql<number>`count(*) filter (where ${jobs.state} = 'waiting')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${jobs.state} = 'failed')`.mapWith(Number),
          oldestDue: sql<
            Date | string | null
          >`min(${jobs.runAt}) filter (where ${jobs.state} = 'waiting' and ${jobs.runAt} <= ${at.toISOString()}::timestamptz)`,
        })
        .from(jobs)
    } catch (cause) {
      throw new ApiError(503, 'server.unavailable', 'The database does not answer', { cause })
    }
    const oldest = counts?.oldestDue == null ? undefined : new Date(counts.oldestDue)
    const body: HealthResponse = {
      status: 'ok',
      jobs: {
        waiting: counts?.waiting ?? 0,
        failed: counts?.failed ?? 0,
        oldestWaitingSeconds:
          oldest === undefined ? 0 : Math.max(0, Math.round((at.getTime() - oldest.getTime()) / 1000)),
      },
    }
    return sendJson(c, body)
  })
}
