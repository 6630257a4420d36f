import { Hono } from 'hono'
import type { HealthResponse } from '../../contract/health.ts'
import { healthResponseSchema } from '../../contract/health.ts'
import { ok } from '../../contract/openapi/operation.ts'
import { apiPaths } from '../../contract/paths.ts'
import type { Database } from '../db/open-database.ts'
import { ApiError } from '../http/api-error.ts'
import { describeRoute } from '../http/describe-route.ts'
import { sendJson } from '../http/send-json.ts'
import { countJobs, type JobCounts } from '../jobs/count-jobs.ts'
import type { JobQueue } from '../jobs/job-queue.ts'

/**
 * `GET /health`: answers only when the database answers, so a load balancer can take a process out, and
 * says how the jobs fare, in all and per lane (see {@link countJobs}).
 */
export function createHealthRoutes(db: Database, now: () => Date, laneOf: JobQueue['laneOf']): Hono {
  return new Hono().get(
    apiPaths.health(),
    describeRoute({
      summary: 'Whether the server and its database answer, and how the jobs fare',
      tag: 'Platform',
      auth: 'none',
      answers: [ok(healthResponseSchema)],
      errors: { 503: ['server.unavailable'] },
    }),
    async (c) => {
      let jobs: JobCounts
      try {
        jobs = await countJobs(db, now(), laneOf)
      } catch (cause) {
        throw new ApiError(503, 'server.unavailable', 'The database does not answer', { cause })
      }
      const body: HealthResponse = { status: 'ok', jobs }
      return sendJson(c, body)
    },
  )
}
