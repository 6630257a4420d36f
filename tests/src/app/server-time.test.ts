import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from 'xstate'
import { SERVER_TIME_MIN_REFRESH_MS } from '../../../machines/server-time/server-time.constants.ts'
import type { ApiClient } from '../../../src/api/client.ts'
import { startServerTime } from '../../../src/app/server-time.ts'

/** A page whose visibility the test sets, and which tells its listeners as a browser does. */
function page() {
  const target = new EventTarget() as Document & { visibilityState: DocumentVisibilityState }
  Object.defineProperty(target, 'visibilityState', { value: 'visible', writable: true })
  return target
}

afterEach(() => vi.useRealTimers())

describe("the app's server clock", () => {
  it("reads the server's clock and counts on from it, again when the tab is shown again", async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-21T06:00:00Z') })
    let server = Date.parse('2026-11-21T06:05:00Z')
    const paths: string[] = []
    const api = {
      request: async (path: string) => {
        paths.push(path)
        return { now: new Date(server).toISOString() }
      },
    } as unknown as ApiClient
    const shown = page()
    const time = startServerTime(api, shown)
    await waitFor(time.actor, (s) => s.context.now !== null)
    expect(time.now()).toBe(Date.parse('2026-11-21T06:05:00Z'))
    vi.advanceTimersByTime(1000)
    expect(time.now()).toBe(Date.parse('2026-11-21T06:05:01Z'))

    vi.advanceTimersByTime(SERVER_TIME_MIN_REFRESH_MS)
    server = Date.parse('2026-11-21T07:00:03Z')
    shown.visibilityState = 'hidden'
    shown.dispatchEvent(new Event('visibilitychange'))
    expect(paths).toHaveLength(1)
    shown.visibilityState = 'visible'
    shown.dispatchEvent(new Event('visibilitychange'))
    await waitFor(time.actor, (s) => s.context.now === '2026-11-21T07:00:03.000Z')
    expect(time.now()).toBe(Date.parse('2026-11-21T07:00:03Z'))
    expect(paths).toEqual(['/v1/datetime', '/v1/datetime'])
    time.actor.stop()
  })
})
