import { describe, expect, it } from 'vitest'
import { apiPaths } from '../../contract/paths.ts'
import { createDatetimeRoutes } from '../../server/routes/datetime.ts'
import { createServerClock } from '../../server/server-clock.ts'

describe('GET /v1/datetime', () => {
  it("answers the server's clock, moved with it, not the system's", async () => {
    const clock = createServerClock(() => new Date('2026-11-21T06:00:00.000Z'))
    const routes = createDatetimeRoutes(clock.now)
    clock.advance(30 * 86_400_000)
    const response = await routes.request(apiPaths.datetime())
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ now: '2026-12-21T06:00:00.000Z' })
  })
})
