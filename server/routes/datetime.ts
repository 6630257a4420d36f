import { Hono } from 'hono'
import type { DatetimeResponse } from '../../contract/datetime.ts'
import { datetimeResponseSchema } from '../../contract/datetime.ts'
import { ok } from '../../contract/openapi/operation.ts'
import { apiPaths } from '../../contract/paths.ts'
import { describeRoute } from '../http/describe-route.ts'
import { sendJson } from '../http/send-json.ts'

/**
 * `GET /v1/datetime`: the server's clock (the one its lifetimes, trials and schedules run on), which the app
 * uses instead of the device's.
 */
export function createDatetimeRoutes(now: () => Date): Hono {
  return new Hono().get(
    apiPaths.datetime(),
    describeRoute({
      summary: 'The server’s time',
      tag: 'Platform',
      auth: 'none',
      answers: [ok(datetimeResponseSchema)],
    }),
    (c) => {
      const body: DatetimeResponse = { now: now().toISOString() }
      return sendJson(c, body)
    },
  )
}
