import { Hono } from 'hono'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../server/db/open-database.ts'
import { createErrorHandler } from '../../server/http/error-handler.ts'
import { rateLimit } from '../../server/http/rate-limit.ts'
import { createTestClock } from './accounts/accounts-client.ts'
import { createTestDatabase, featureDrivers, type TestDatabase } from './test-database.ts'

describe.each(featureDrivers)('rate limit on %s', (driver) => {
  const clock = createTestClock()
  let testDatabase: TestDatabase
  let handle: DatabaseHandle

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver)
    handle = await openDatabase(testDatabase.database)
    await handle.migrate()
  })

  afterAll(async () => {
    await handle?.close()
    await testDatabase?.drop()
  })

  /** One server process's app with the limit, on the shared database. */
  function processApp(name = 'check') {
    const app = new Hono()
      .use(rateLimit({ db: handle.db, name, limit: 3, windowMs: 60_000, now: clock.now }))
      .get('/check', (c) => c.text('checked'))
    app.onError(createErrorHandler(pino({ level: 'silent' })))
    // What @hono/node-server hands the app for a request from `address`.
    return (address: string) =>
      app.request('/check', {}, { incoming: { socket: { remoteAddress: address, remoteFamily: 'IPv4' } } })
  }

  it('lets an address make `limit` requests in any window, then refuses until the oldest leaves it', async () => {
    const from = processApp()
    expect((await from('10.0.0.1')).status).toBe(200)
    clock.advance(30_000)
    expect((await from('10.0.0.1')).status).toBe(200)
    expect((await from('10.0.0.1')).status).toBe(200)

    clock.advance(15_000)
    const refused = await from('10.0.0.1')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('15')
    expect(await refused.json()).toMatchObject({ status: 429, code: 'request.rate_limited' })
    // Another address has a window of its own.
    expect((await from('10.0.0.2')).status).toBe(200)

    // The first request leaves the window; the two of 30 s later still count.
    clock.advance(15_000)
    expect((await from('10.0.0.1')).status).toBe(200)
    expect((await from('10.0.0.1')).headers.get('retry-after')).toBe('30')
  })

  it('counts the requests an address spreads over several server processes together', async () => {
    const first = processApp('spread')
    const second = processApp('spread')
    expect((await first('10.0.1.1')).status).toBe(200)
    expect((await second('10.0.1.1')).status).toBe(200)
    expect((await first('10.0.1.1')).status).toBe(200)
    expect((await second('10.0.1.1')).status).toBe(429)
    // A limit of another name counts apart.
    expect((await processApp('other')('10.0.1.1')).status).toBe(200)
  })
})
