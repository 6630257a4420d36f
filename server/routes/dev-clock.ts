import { Hono } from 'hono'
import { advanceClockSchema } from '../../contract/dev-clock.ts'
import { apiPaths } from '../../contract/paths.ts'
import { jsonBody } from '../http/json-body.ts'
import { operatorOnly } from '../http/operator-only.ts'
import { sendJson } from '../http/send-json.ts'
import type { ServerClock } from '../server-clock.ts'

/**
 * Outside production: `POST /dev/clock` moves this process's clock forward (`advance_seconds`) and answers
 * `{ now }`, so a tester sees a trial end or a scheduled deletion happen without waiting; the jobs due by
 * the new time run at once. Who may use it as for the outbox ({@link operatorOnly}).
 */
export function createDevClockRoutes(
  clock: ServerClock,
  reader: 'anyone' | string | undefined,
  wake: () => void,
): Hono {
  return new Hono().post(
    apiPaths.devClock(),
    operatorOnly(reader),
    jsonBody(advanceClockSchema),
    async (c) => {
      clock.advance(c.req.valid('json').advanceSeconds * 1000)
      wake()
      return sendJson(c, { now: clock.now().toISOString() })
    },
  )
}
