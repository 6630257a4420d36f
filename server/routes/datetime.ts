import { Hono } from 'hono'
import type { DatetimeResponse } from '../../contract/datetime.ts'
import { apiPaths } from '../../contract/paths.ts'
import { sendJson } from '../http/send-json.ts'

/** `GET /v1/datetime`: the server's clock, which the app uses instead of the device's. */
export function createDatetimeRoutes(): Hono {
  return new Hono().get(apiPaths.datetime(), (c) => {
    const body: DatetimeResponse = { now: new Date().toISOString() }
    return sendJson(c, body)
  })
}
