import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { HealthResponse } from '../../contract/health.ts'
import { apiPaths } from '../../contract/paths.ts'
import type { Database } from '../db/open-database.ts'
import { ApiError } from '../http/api-error.ts'
import { sendJson } from '../http/send-json.ts'

/** `GET /health`: answers only when the database answers, so a load balancer can take a process out. */
export function createHealthRoutes(db: Database): Hono {
  return new Hono().get(apiPaths.health(), async (c) => {
    try {
      await db.execute(sql`select 1`)
    } catch (cause) {
      throw new ApiError(503, 'server.unavailable', 'The database does not answer', { cause })
    }
    const body: HealthResponse = { status: 'ok' }
    return sendJson(c, body)
  })
}
