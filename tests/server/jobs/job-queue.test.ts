import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { jobs } from '../../../server/db/schema/jobs.ts'
import { createJobQueue, type JobHandler, retryDelayMs } from '../../../server/jobs/job-queue.ts'
import { upkeepSlotKey } from '../../../server/jobs/upkeep.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../test-database.ts'

const logger = pino({ level: 'silent' })

describe.each(drivers)('durable jobs on %s (issue 11)', (driver) => {
  let testDatabase: TestDatabase
  let handle: DatabaseHandle
  let clock: Date
  const now = () => clock
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms)
  }

  beforeEach(async () => {
    testDatabase = await createTestDatabase(driver, { migrated: true })
    handle = await openDatabase(testDatabase.database)
    await handle.migrate()
    clock = new Date('2026-11-25T10:00:00Z')
  })

  afterEach(async () => {
    await handle?.close()
    await testDatabase?.drop()
  })

  const queueWith = (handler: JobHandler, db = handle.db, maxAttempts = 8) =>
    createJobQueue({ db, handlers: { mail: { lane: 'mail', run: handler } }, logger, now, maxAttempts })

  const rows = () => handle.db.select().from(jobs).orderBy(jobs.id)

  it('tries again with growing pauses while the mail server is down, then sends each mail once', async () => {
    const sent: string[] = []
    let down = true
    const queue = queueWith(async (payload) => {
      if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:25')
      sent.push((payload as { to: string }).to)
    })
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await queue.enqueue(handle.db, 'mail', { to })
    }
    expect(await queue.runDue()).toBe(3)
    expect(await queue.runDue()).toBe(0) // not due again before its pause
    const [first] = await rows()
    expect(first).toMatchObject({
      state: 'waiting',
      attempts: 1,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    })
    expect(first?.runAt.getTime()).toBeGreaterThanOrEqual(clock.getTime() + 2000)

    later(retryDelayMs(1) * 1.2)
    expect(await queue.runDue()).toBe(3)
    const [second] = await rows()
    expect(second?.attempts).toBe(2)
    expect(second?.runAt.getTime()).toBeGreaterThanOrEqual(clock.getTime() + 4000)

    down = false
    later(60 * 60 * 1000)
    expect(await queue.runDue()).toBe(3)
    later(60 * 60 * 1000)
    expect(await queue.runDue()).toBe(0)
    expect(sent.sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com'])
    expect((await rows()).map((row) => row.state)).toEqual(['done', 'done', 'done'])
  })

  it('keeps a job that ran out of tries as failed, with its last error', async () => {
    const queue = queueWith(
      async () => {
        throw new Error('550 mailbox unavailable')
      },
      handle.db,
      3,
    )
    await queue.enqueue(handle.db, 'mail', { to: 'gone@example.com' })
    for (let attempt = 0; attempt < 5; attempt++) {
      await queue.runDue()
      later(60 * 60 * 1000)
    }
    expect(await rows()).toMatchObject([
      { state: 'failed', attempts: 3, lastError: '550 mailbox unavailable' },
    ])
  })

  it('takes again a job whose process died while running it, once its lease has run out', async () => {
    const sent: string[] = []
    const dying = queueWith(() => new Promise<undefined>(() => {})) // never finishes: the process is gone
    await dying.enqueue(handle.db, 'mail', { to: 'tan@example.com' })
    void dying.runDue()
    await expect.poll(async () => (await rows())[0]?.state).toBe('running')

    const next = queueWith(async (payload) => {
      sent.push((payload as { to: string }).to)
    })
    expect(await next.runDue()).toBe(0) // still leased
    later(30_000 + 1)
    expect(await next.runDue()).toBe(1)
    expect(sent).toEqual(['tan@example.com'])
    expect((await rows())[0]).toMatchObject({ state: 'done', attempts: 2 })
  })

  it('finishes its jobs when it stops, and hands back those that outlast the wait, due at once', async () => {
    let finishSlow = () => {}
    const stopping = queueWith(async (payload) => {
      const { to } = payload as { to: string }
      if (to === 'slow@example.com') {
        await new Promise<void>((_, reject) => {
          finishSlow = () => reject(new Error('connection cut at shutdown'))
        })
      }
    })
    await stopping.enqueue(handle.db, 'mail', { to: 'quick@example.com' })
    await stopping.enqueue(handle.db, 'mail', { to: 'slow@example.com' })
    void stopping.runDue()
    await expect.poll(async () => (await rows()).map((row) => row.state)).toEqual(['done', 'running'])

    await stopping.stop(50)
    const [quick, slow] = await rows()
    expect(quick).toMatchObject({ state: 'done', attempts: 1 })
    expect(slow).toMatchObject({ state: 'waiting', attempts: 0, lockedUntil: null })

    // The next process takes it at once, not after the lease; the stopped handler's late failure changes nothing.
    const sent: string[] = []
    const next = queueWith(async (payload) => {
      sent.push((payload as { to: string }).to)
    })
    expect(await next.runDue()).toBe(1)
    expect(sent).toEqual(['slow@example.com'])
    finishSlow()
    await stopping.stop()
    expect((await rows())[1]).toMatchObject({ state: 'done', attempts: 1, lastError: null })
  })

  it('renews the lease of a job while it runs, so no other process takes it', async () => {
    let finish = () => {}
    const long = createJobQueue({
      db: handle.db,
      handlers: {
        mail: {
          lane: 'mail',
          run: () => new Promise<undefined>((resolve) => (finish = () => resolve(undefined))),
        },
      },
      logger,
      now,
      leaseMs: 300,
    })
    await long.enqueue(handle.db, 'mail', { to: 'slow@example.com' })
    const ran = long.runDue()
    await expect.poll(async () => (await rows())[0]?.state).toBe('running')
    const other = queueWith(async () => {
      throw new Error('taken by another process')
    })
    for (let beat = 0; beat < 3; beat++) {
      later(250)
      // The running process renews its lease every 100 ms of its own time, from the moved clock.
      await expect.poll(async () => (await rows())[0]?.lockedUntil?.getTime()).toBe(clock.getTime() + 300)
      expect(await other.runDue()).toBe(0)
    }
    finish()
    expect(await ran).toBe(1)
    expect((await rows())[0]).toMatchObject({ state: 'done', attempts: 1 })
  })

  it('runs each lane on its own places: a lane full of jobs that hang holds up no other', async () => {
    const upkept: number[] = []
    const queue = createJobQueue({
      db: handle.db,
      handlers: {
        'api.request_callback': { lane: 'callbacks', run: () => new Promise<undefined>(() => {}) },
        upkeep: {
          lane: 'upkeep',
          run: async (payload) => {
            upkept.push((payload as { n: number }).n)
          },
        },
      },
      logger,
      now,
      concurrency: { callbacks: 3 },
    })
    for (let n = 0; n < 5; n++) await queue.enqueue(handle.db, 'api.request_callback', { n })
    for (let n = 0; n < 2; n++) await queue.enqueue(handle.db, 'upkeep', { n })
    queue.wake()
    await expect.poll(() => upkept.length).toBe(2)
    // The callbacks lane took as many as it runs at once; the rest wait for a free place, or another process.
    const states = (await rows()).map((row) => `${row.kind} ${row.state}`)
    expect(states.filter((state) => state === 'api.request_callback running')).toHaveLength(3)
    expect(states.filter((state) => state === 'api.request_callback waiting')).toHaveLength(2)
    expect(queue.laneOf('upkeep')).toBe('upkeep')
    expect(queue.laneOf('unknown')).toBeUndefined()
  })

  it('puts a job back without counting a try when its handler postpones it', async () => {
    const queue = queueWith(async () => ({ notBefore: new Date(clock.getTime() + 60_000) }))
    await queue.enqueue(handle.db, 'mail', { to: 'later@example.com' })
    expect(await queue.runDue()).toBe(1)
    expect((await rows())[0]).toMatchObject({
      state: 'waiting',
      attempts: 0,
      runAt: new Date(clock.getTime() + 60_000),
    })
    expect(await queue.runDue()).toBe(0)
  })

  it('writes a keyed job once, however often it is enqueued', async () => {
    const queue = queueWith(async () => {})
    const key = upkeepSlotKey(clock)
    await queue.enqueue(handle.db, 'mail', {}, { key })
    later(10 * 60 * 1000)
    await queue.enqueue(handle.db, 'mail', {}, { key: upkeepSlotKey(clock) })
    expect(await rows()).toHaveLength(1)
    later(60 * 60 * 1000)
    await queue.enqueue(handle.db, 'mail', {}, { key: upkeepSlotKey(clock) })
    expect(await rows()).toHaveLength(2)
  })

  it('is written with the change that promises it, or not at all', async () => {
    const queue = queueWith(async () => {})
    await handle.db
      .transaction(async (tx) => {
        await queue.enqueue(tx, 'mail', { to: 'never@example.com' })
        throw new Error('the change failed')
      })
      .catch(() => {})
    expect(await rows()).toEqual([])
  })

  it.runIf(driver === 'postgres')('never runs a job twice when two processes take jobs at once', async () => {
    const other = await openDatabase(testDatabase.database)
    try {
      const runs = new Map<number, number>()
      // Each process's jobs wait until the other has begun one, so that both are sure to take jobs at once.
      const begun = [Promise.withResolvers<void>(), Promise.withResolvers<void>()] as const
      const handler =
        (self: 0 | 1): JobHandler =>
        async (payload) => {
          const n = (payload as { n: number }).n
          runs.set(n, (runs.get(n) ?? 0) + 1)
          begun[self].resolve()
          await begun[self === 0 ? 1 : 0].promise
        }
      const one = queueWith(handler(0))
      const two = queueWith(handler(1), other.db)
      for (let n = 0; n < 60; n++) await one.enqueue(handle.db, 'mail', { n })
      const [a, b] = await Promise.all([one.runDue(), two.runDue()])
      expect(a + b).toBe(60)
      expect(a).toBeGreaterThan(0)
      expect(b).toBeGreaterThan(0)
      expect([...runs.values()].every((count) => count === 1)).toBe(true)
      expect(runs.size).toBe(60)
      expect(await handle.db.select().from(jobs).where(eq(jobs.state, 'done'))).toHaveLength(60)
    } finally {
      await other.close()
    }
  })
})
