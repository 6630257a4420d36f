import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { toCamelCase } from '../../../contract/case.ts'
import { outboxListSchema } from '../../../contract/outbox.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { parseMail } from '../../../server/providers/mail/parse-mail.ts'
import { type RunningServer, startServer } from '../../../server/server.ts'
import { type SmtpTestServer, startSmtpTestServer } from '../mail/smtp-test-server.ts'
import { testAppConfig, testKeyEncryptionKey } from '../test-app-config.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../test-database.ts'

/**
 * Issue 11: a mail promised in an answer is sent even when the mail server is down at the time and the
 * process stops before it comes back: the next process on the same database sends it, once.
 */
describe.each(drivers)('mails through the jobs on %s', (driver) => {
  let testDatabase: TestDatabase | undefined
  let smtp: SmtpTestServer | undefined
  let staticDir: string | undefined
  const servers: RunningServer[] = []

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close()
    await smtp?.close()
    await testDatabase?.drop()
    if (staticDir) await rm(staticDir, { recursive: true, force: true })
  })

  const start = async (smtpUrl: string, appMode: 'production' | 'development' = 'production') => {
    if (testDatabase === undefined || staticDir === undefined) throw new Error('no database')
    const config = testAppConfig(testDatabase.dataDir, {
      database: testDatabase.database,
      appMode,
      smtpUrl,
      // Production's key in development too: both start on the same DATA_DIR.
      keyEncryptionKey: testKeyEncryptionKey(testDatabase.dataDir),
    })
    const server = await startServer(config, { logger: pino({ level: 'silent' }), staticDir, jobPollMs: 50 })
    servers.push(server)
    return server
  }

  it('sends after the mail server comes back, from the next process, exactly once', async () => {
    testDatabase = await createTestDatabase(driver, { migrated: true })
    staticDir = await mkdtemp(join(tmpdir(), 'signet-dist-'))
    // Nothing listens on port 9 of this machine: the mail server is down.
    const first = await start('smtp://127.0.0.1:9')
    const asked = await fetch(`${first.url}${apiUrl(apiPaths.requestConfirmation())}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'new@example.com',
        flow: 'signup',
        confirm: '/signup/confirm',
        lang: 'en-gb',
      }),
    })
    expect(asked.status).toBe(204)
    // Operators see it wait (the upkeep of the hour is a job too).
    await expect
      .poll(async () => {
        const health = (await (await fetch(`${first.url}${apiUrl(apiPaths.health())}`)).json()) as {
          jobs: { waiting: number }
        }
        return health.jobs.waiting
      })
      .toBeGreaterThanOrEqual(1)
    await first.close()

    smtp = await startSmtpTestServer()
    const second = await start(smtp.url)
    // The first try failed moments ago; the next waits its pause of about two seconds.
    await expect.poll(() => smtp?.received.length, { timeout: 15_000 }).toBe(1)
    // Once its job is done, no second copy can follow.
    await expect
      .poll(async () => {
        const health = (await (await fetch(`${second.url}${apiUrl(apiPaths.health())}`)).json()) as {
          jobs: { lanes: { mail: { waiting: number; running: number } } }
        }
        return health.jobs.lanes.mail
      })
      .toMatchObject({ waiting: 0, running: 0 })
    expect(smtp.received.map((mail) => mail.to)).toEqual([['new@example.com']])
    expect(parseMail(smtp.received[0]?.raw.toString('utf8') ?? '').text).toMatch(/signup\/confirm\?token=/)
  })

  it('shows a mail the mail server refused in the dev outbox, waiting with its error', async () => {
    testDatabase = await createTestDatabase(driver, { migrated: true })
    staticDir = await mkdtemp(join(tmpdir(), 'signet-dist-'))
    const server = await start('smtp://127.0.0.1:9', 'development')
    await fetch(`${server.url}${apiUrl(apiPaths.requestConfirmation())}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'late@example.com',
        flow: 'signup',
        confirm: '/signup/confirm',
        lang: 'en-gb',
      }),
    })
    await expect
      .poll(
        async () => {
          const list = v.parse(
            outboxListSchema,
            toCamelCase(await (await fetch(`${server.url}${apiUrl(apiPaths.outbox())}`)).json()),
          )
          return { mails: list.mails, jobs: list.jobs.filter((job) => job.kind === 'mail') }
        },
        { timeout: 15_000 },
      )
      .toMatchObject({
        mails: [],
        jobs: [
          {
            state: 'waiting',
            attempts: 1,
            to: 'late@example.com',
            lastError: expect.stringMatching(/ECONNREFUSED/),
          },
        ],
      })
  })
})
