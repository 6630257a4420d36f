import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobLanes } from '../../../contract/health.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { createApp } from '../../../server/app.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { signatureUsages } from '../../../server/db/schema/signature-requests.ts'
import { DocumentError } from '../../../server/documents/document-error.ts'
import { createErrorHandler } from '../../../server/http/error-handler.ts'
import { cspReportPath } from '../../../server/http/security-headers.ts'
import { createJobQueue, type JobQueue } from '../../../server/jobs/job-queue.ts'
import { createMetrics } from '../../../server/metrics/create-metrics.ts'
import { createMailQueue } from '../../../server/providers/mail/mail-queue.ts'
import type { ValidationPool } from '../../../server/signing/validate-pool.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, type TestDatabase } from '../test-database.ts'
import { startTestServer, type TestServer } from '../test-server.ts'

const operatorToken = 'operator-token-of-the-metrics-test-0123456789'

/** The value of the sample `name{labels}` in a Prometheus text answer; undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (match?.[1] !== name) continue
    const given = (match[2] ?? '').split(',').filter((pair) => pair !== '')
    if (given.length === wanted.length && wanted.every((pair) => given.includes(pair)))
      return Number(match[3])
  }
  return undefined
}

describe('GET /api/metrics', () => {
  let database: TestDatabase
  let handle: DatabaseHandle
  let jobs: JobQueue
  let app: Hono
  const logged: Record<string, unknown>[] = []

  beforeAll(async () => {
    database = await createTestDatabase('pglite', { migrated: true })
    const config = testAppConfig(database.dataDir, { database: database.database, operatorToken })
    handle = await openDatabase(config.database)
    await handle.migrate()
    const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) })
    jobs = createJobQueue({
      db: handle.db,
      logger,
      now: () => new Date(),
      maxAttempts: 1,
      handlers: {
        'metrics.later': { lane: 'mail', run: async () => {} },
        'metrics.broken': {
          lane: 'callbacks',
          run: async () => {
            throw new Error('the receiver is gone')
          },
        },
      },
    })
    // Two validations wait for the one running: what a pool of one worker shows under three uploads.
    const validator: ValidationPool = {
      assertRoom: () => {},
      // What the workers answer for a PDF whose structure cannot be read.
      validate: async () => ({ status: 'unreadable', code: 'validation.pdf_unreadable' }),
      load: () => ({ waiting: 2, running: 1 }),
      close: async () => {},
    }
    app = createApp({ config, db: handle.db, logger, mail: createMailQueue(jobs), jobs, validator })
  })
  afterAll(async () => {
    await jobs.stop()
    await handle.close()
    await database.drop()
  })

  const scrape = async () => {
    const answer = await app.request(apiUrl(apiPaths.metrics()), {
      headers: { 'x-operator-token': operatorToken },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    return answer.text()
  }

  it('refuses a scrape without the operator token (401) or with a wrong one (403)', async () => {
    const without = await app.request(apiUrl(apiPaths.metrics()))
    expect(without.status).toBe(401)
    expect(await without.json()).toMatchObject({ code: 'auth.unauthenticated' })
    const wrong = await app.request(apiUrl(apiPaths.metrics()), {
      headers: { 'x-operator-token': `${operatorToken.slice(0, -1)}x` },
    })
    expect(wrong.status).toBe(403)
    expect(await wrong.json()).toMatchObject({ code: 'operator.token_invalid' })
  })

  it('refuses every scrape (403) of a server that has no operator token', async () => {
    const config = testAppConfig(database.dataDir, { database: database.database })
    const tokenless = createApp({
      config,
      db: handle.db,
      logger: pino({ level: 'silent' }),
      mail: createMailQueue(jobs),
      jobs,
    })
    const answer = await tokenless.request(apiUrl(apiPaths.metrics()), {
      headers: { 'x-operator-token': operatorToken },
    })
    expect(answer.status).toBe(403)
  })

  it('counts the requests of a route under its pattern, not under the paths of its ids', async () => {
    const route = '/api/v3/signature-requests/:id'
    const labels = { method: 'GET', route, status: '401' }
    const before = sample(await scrape(), 'signet_http_request_duration_seconds_count', labels) ?? 0
    const ids = [randomUUID(), randomUUID(), randomUUID()]
    for (const id of ids) {
      expect((await app.request(apiUrl(apiPaths.signatureRequest(id)))).status).toBe(401)
    }
    const text = await scrape()
    expect(sample(text, 'signet_http_request_duration_seconds_count', labels)).toBe(before + 3)
    expect(sample(text, 'signet_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      before + 3,
    )
    for (const id of ids) expect(text).not.toContain(id)
  })

  it('names every lane and counts its jobs waiting and failed', async () => {
    const later = new Date(Date.now() + 60 * 60 * 1000)
    await jobs.enqueue(handle.db, 'metrics.later', {}, { runAt: later })
    await jobs.enqueue(handle.db, 'metrics.broken', {})
    await jobs.runDue()
    const text = await scrape()
    for (const lane of jobLanes) {
      for (const state of ['waiting', 'running', 'failed']) {
        expect(sample(text, 'signet_jobs', { lane, state }), `${lane} ${state}`).toBeTypeOf('number')
      }
    }
    expect(sample(text, 'signet_jobs', { lane: 'mail', state: 'waiting' })).toBe(1)
    expect(sample(text, 'signet_jobs', { lane: 'callbacks', state: 'failed' })).toBe(1)
    expect(sample(text, 'signet_jobs', { lane: 'callbacks', state: 'waiting' })).toBe(0)
  })

  it('counts the signatures given per quality, and shows the process memory and the validations waiting', async () => {
    await handle.db.insert(signatureUsages).values(
      ['qes', 'qes', 'ses'].map((quality) => ({
        signatureId: randomUUID(),
        requestId: randomUUID(),
        quality: quality as 'qes' | 'ses',
        signedAt: new Date(),
      })),
    )
    const text = await scrape()
    expect(sample(text, 'signet_signatures', { quality: 'qes' })).toBe(2)
    expect(sample(text, 'signet_signatures', { quality: 'ses' })).toBe(1)
    expect(sample(text, 'signet_signatures', { quality: 'aes' })).toBe(0)
    expect(sample(text, 'process_resident_memory_bytes', {})).toBeGreaterThan(0)
    expect(sample(text, 'signet_validations', { state: 'waiting' })).toBe(2)
    expect(sample(text, 'signet_validations', { state: 'running' })).toBe(1)
    expect(sample(text, 'signet_documents_refused_total', { reason: 'document.too_complex' })).toBe(0)
  })

  it('counts the documents a route refuses, by reason', async () => {
    const metrics = createMetrics({ db: handle.db, now: () => new Date(), laneOf: jobs.laneOf })
    const uploads = new Hono()
      .use(metrics.measureRequests)
      .post('/drafts/:id/documents', () => {
        throw new DocumentError('document.too_many_pages')
      })
      .onError(createErrorHandler(pino({ level: 'silent' })))
    for (const _ of [1, 2]) {
      expect((await uploads.request(`/drafts/${randomUUID()}/documents`, { method: 'POST' })).status).toBe(
        422,
      )
    }
    const text = await metrics.registry.metrics()
    expect(sample(text, 'signet_documents_refused_total', { reason: 'document.too_many_pages' })).toBe(2)
    expect(sample(text, 'signet_documents_refused_total', { reason: 'document.not_pdf' })).toBe(0)
    expect(text).not.toContain('reason="document.not_found"')
  })

  it('counts the PDFs that validation refuses, by reason', async () => {
    const before = sample(await scrape(), 'signet_documents_refused_total', {
      reason: 'validation.pdf_unreadable',
    })
    expect(before).toBe(0)
    const form = new FormData()
    form.set('file', new File(['%PDF-1.7\nnothing a reader could use'], 'broken.pdf'))
    const answer = await app.request(apiUrl(apiPaths.validate()), { method: 'POST', body: form })
    expect(answer.status).toBe(422)
    const text = await scrape()
    expect(sample(text, 'signet_documents_refused_total', { reason: 'validation.pdf_unreadable' })).toBe(1)
    expect(sample(text, 'signet_documents_refused_total', { reason: 'validation.too_complex' })).toBe(0)
  })

  it('gives each answer an X-Request-Id that the log lines of its request carry', async () => {
    logged.length = 0
    const answer = await app.request(apiUrl(cspReportPath), {
      method: 'POST',
      body: JSON.stringify({
        'csp-report': { 'document-uri': 'http://localhost/', 'violated-directive': 'img-src' },
      }),
    })
    expect(answer.status).toBe(204)
    const requestId = answer.headers.get('x-request-id')
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
    const lines = logged.filter((line) => line.requestId === requestId)
    expect(lines.map((line) => line.msg)).toEqual(['Content-Security-Policy violation', 'request'])
    expect(logged.filter((line) => line.requestId !== requestId)).toEqual([])
  })

  it('keeps a sane X-Request-Id that the request came with, and replaces any other', async () => {
    const sane = 'edge-4f1c2a9b.17'
    const kept = await app.request(apiUrl(apiPaths.health()), { headers: { 'x-request-id': sane } })
    expect(kept.headers.get('x-request-id')).toBe(sane)
    for (const insane of ['short', 'has spaces in it', `${'a'.repeat(129)}`, 'quote"and<tag>']) {
      const replaced = await app.request(apiUrl(apiPaths.health()), { headers: { 'x-request-id': insane } })
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    }
  })
})

describe('GET /api/metrics of the running server', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { operatorToken })
  })
  afterAll(async () => {
    await server.stop()
  })

  it('answers the operator with the figures of its lanes and validation pool', async () => {
    const answer = await fetch(`${server.url}${apiUrl(apiPaths.metrics())}`, {
      headers: { 'x-operator-token': operatorToken },
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const text = await answer.text()
    for (const lane of jobLanes) expect(sample(text, 'signet_jobs', { lane, state: 'failed' })).toBe(0)
    expect(sample(text, 'signet_validations', { state: 'waiting' })).toBe(0)
    expect(sample(text, 'signet_validations', { state: 'running' })).toBe(0)
  })
})
