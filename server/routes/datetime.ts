import { Hono } from 'hono'
import type { DatetimeResponse } from '../../contract/datetime.ts'
import { apiPaths } from '../../contract/paths.ts'
import { sendJson } from '../http/send-json.ts'

/**
 * `GET /v1/datetime`: the server's clock (the one its lifetimes, trials and schedules run on), which the app
 * uses instead of the device's.
 */
export function createDatetimeRoutes(now: () => Date): Hono {
  return new Hono().get(apiPaths.datetime(), (c) => {
    const body: DatetimeResponse = { now: now().toISOString() }
    return sendJson(c, body)
  })
}
