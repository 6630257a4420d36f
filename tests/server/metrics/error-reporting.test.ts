import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../server/db/open-database.ts'
import { jobs } from '../../../server/db/schema/jobs.ts'
import { createErrorHandler } from '../../../server/http/error-handler.ts'
import { requestLogger } from '../../../server/http/request-logger.ts'
import { createJobQueue, retryDelayMs } from '../../../server/jobs/job-queue.ts'
import { startErrorReporting } from '../../../server/providers/error-reporting/start-error-reporting.ts'
import { createTestDatabase } from '../test-database.ts'

describe('server error reporting (issue 37)', () => {
  // A stand-in for Sentry's ingest: it keeps the bodies of the envelopes sent to it.
  const envelopes: string[] = []
  let sentry: Server
  let dsn: string

  beforeAll(async () => {
    sentry = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        envelopes.push(
          (req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'),
        )
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    })
    await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve))
    dsn = `http://public@127.0.0.1:${(sentry.address() as AddressInfo).port}/1`
  })
  afterAll(async () => {
    await new Promise((resolve) => sentry.close(resolve))
  })

  it('loads nothing without SENTRY_DSN, or with SENTRY_DISABLED', async () => {
    expect(await startErrorReporting(null)).toBeNull()
    expect(
      await startErrorReporting({ dsn, disabled: true, tracesSampleRate: 0, environment: 'test' }),
    ).toBeNull()
  })

  it('sends an unexpected error to Sentry tagged with the id its answer carries', async () => {
    const reporter = await startErrorReporting({
      dsn,
      disabled: false,
      tracesSampleRate: 0,
      environment: 'test',
    })
    expect(reporter).not.toBeNull()
    const logger = pino({ level: 'silent' })
    const app = new Hono()
      .use(requestLogger(logger))
      .get('/api/broken', () => {
        throw new Error('the bug under test')
      })
      .onError(createErrorHandler(logger, reporter))
    const answer = await app.request('/api/broken')
    expect(answer.status).toBe(500)
    const requestId = answer.headers.get('x-request-id')
    await reporter?.close()
    const event = envelopes.find((envelope) => envelope.includes('the bug under test'))
    expect(event).toBeDefined()
    expect(event).toContain(`"request_id":"${requestId}"`)
    expect(event).toContain('"environment":"test"')
  })

  it('sends a job given up to Sentry tagged with its id and kind, and not the tries made again', async () => {
    const reporter = await startErrorReporting({
      dsn,
      disabled: false,
      tracesSampleRate: 0,
      environment: 'test',
    })
    const testDatabase = await createTestDatabase('pglite', { migrated: true })
    const handle = await openDatabase(testDatabase.database)
    try {
      await handle.migrate()
      let clock = new Date('2026-11-28T10:00:00Z')
      const queue = createJobQueue({
        db: handle.db,
        handlers: {
          mail: {
            lane: 'mail',
            run: async () => {
              throw new Error('the mail server is gone')
            },
          },
        },
        logger: pino({ level: 'silent' }),
        now: () => clock,
        maxAttempts: 2,
        reporter,
      })
      await queue.enqueue(handle.db, 'mail', { to: 'a@example.com' })
      expect(await queue.runDue()).toBe(1)
      clock = new Date(clock.getTime() + retryDelayMs(1) * 1.2)
      expect(await queue.runDue()).toBe(1)
      const [job] = await handle.db.select().from(jobs)
      expect(job?.state).toBe('failed')
      await reporter?.close()
      const events = envelopes.filter((envelope) => envelope.includes('the mail server is gone'))
      expect(events).toHaveLength(1)
      expect(events[0]).toContain(`"job_id":"${job?.id}"`)
      expect(events[0]).toContain('"job_kind":"mail"')
    } finally {
      await handle.close()
      await testDatabase.drop()
    }
  })
})
