import { randomBytes, randomUUID } from 'node:crypto'
import { pino } from 'pino'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUserKeySchema, apiUserPaths } from '../../../contract/api-users.ts'
import { toCamelCase } from '../../../contract/case.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { hashToken } from '../../../server/accounts/hash-token.ts'
import { createApp } from '../../../server/app.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { sessions, users } from '../../../server/db/schema/accounts.ts'
import { createJobQueue } from '../../../server/jobs/job-queue.ts'
import { createMailQueue } from '../../../server/providers/mail/mail-queue.ts'
import { insertBusiness } from '../businesses/business-rows.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, featureDrivers } from '../test-database.ts'

/**
 * One database served by a staging and a production app, as when a test system's database is handed on or
 * shared: each app makes its own kind of key, and takes only that kind.
 */
describe.each(featureDrivers)('API keys of the other mode on %s', (driver) => {
  let handle: DatabaseHandle
  let drop: () => Promise<void>
  const now = new Date('2026-11-25T10:00:00Z')
  const apps = {} as Record<'staging' | 'production', ReturnType<typeof createApp>>
  const keys = {} as Record<'demo' | 'live', { username: string; apiKey: string }>

  beforeAll(async () => {
    const testDatabase = await createTestDatabase(driver)
    drop = testDatabase.drop
    const base = testAppConfig(testDatabase.dataDir, { database: testDatabase.database })
    handle = await openDatabase(base.database)
    await handle.migrate()
    const { db } = handle
    const logger = pino({ level: 'silent' })
    const jobs = createJobQueue({ db, handlers: {}, logger, now: () => now })
    for (const appMode of ['staging', 'production'] as const) {
      const config = { ...base, appMode }
      apps[appMode] = createApp({ config, db, logger, mail: createMailQueue(jobs), jobs, now: () => now })
    }

    const [admin] = await db
      .insert(users)
      .values({ email: 'admin@acme.example', emailVerified: true, firstName: 'Ada', lastName: 'Admin' })
      .returning({ id: users.id })
    if (admin === undefined) throw new Error('no user row')
    const token = randomBytes(24).toString('base64url')
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: admin.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60 * 60 * 1000),
    })
    const businessId = await insertBusiness(db, 'Acme AG', admin.id, now)
    for (const [kind, appMode] of [
      ['demo', 'staging'],
      ['live', 'production'],
    ] as const) {
      const answer = await apps[appMode].request(apiUrl(apiUserPaths.apiUsers(businessId)), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username: `erp-${kind}` }),
      })
      expect(answer.status, await answer.clone().text()).toBe(201)
      const { apiKey } = v.parse(apiUserKeySchema, toCamelCase(await answer.json()))
      expect(apiKey.startsWith(`${kind}_`)).toBe(true)
      keys[kind] = { username: `erp-${kind}`, apiKey }
    }
  })
  afterAll(async () => {
    await handle.close()
    await drop()
  })

  const basic = ({ username, apiKey }: { username: string; apiKey: string }) =>
    `Basic ${Buffer.from(`${username}:${apiKey}`).toString('base64')}`
  const call = (
    appMode: 'staging' | 'production',
    method: string,
    path: string,
    authorization: string | undefined,
    body?: unknown,
  ) =>
    apps[appMode].request(apiUrl(path), {
      method,
      headers: {
        ...(authorization === undefined ? {} : { authorization }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  const refusal = async (answer: Response) => ({ status: answer.status, ...(await answer.json()) })

  it('refuses a demo_ key in production, to create, sign or trade for a token, naming the mode', async () => {
    const demo = basic(keys.demo)
    const created = await call('production', 'POST', apiPaths.signatureRequests(), demo, { title: 'Order' })
    expect(await refusal(created)).toMatchObject({
      status: 401,
      code: 'auth.unauthenticated',
      message: expect.stringMatching(
        /demo_ API key, made outside production.*production server takes only live_/,
      ),
    })
    const signed = await call('production', 'POST', apiPaths.sign(), demo, {
      signature_requests: [{ signature_request_id: randomUUID() }],
    })
    expect(await refusal(signed)).toMatchObject({ status: 401, code: 'auth.unauthenticated' })
    const traded = await call('production', 'POST', apiUserPaths.accessLogin(), undefined, {
      username: keys.demo.username,
      api_key: keys.demo.apiKey,
    })
    expect(await refusal(traded)).toMatchObject({
      status: 401,
      code: 'auth.invalid_credentials',
      message: expect.stringContaining('outside production'),
    })
  })

  it('refuses a live_ key outside production, and takes each key where it was made', async () => {
    const live = basic(keys.live)
    expect(await refusal(await call('staging', 'GET', apiPaths.signatureRequests(), live))).toMatchObject({
      status: 401,
      code: 'auth.unauthenticated',
      message: expect.stringMatching(
        /live_ API key, made in production.*outside production takes only demo_/,
      ),
    })
    const traded = await call('staging', 'POST', apiUserPaths.accessLogin(), undefined, {
      username: keys.live.username,
      api_key: keys.live.apiKey,
    })
    expect(await refusal(traded)).toMatchObject({ status: 401, code: 'auth.invalid_credentials' })

    expect((await call('production', 'GET', apiPaths.signatureRequests(), live)).status).toBe(200)
    expect((await call('staging', 'GET', apiPaths.signatureRequests(), basic(keys.demo))).status).toBe(200)
    const token = await call('staging', 'POST', apiUserPaths.accessLogin(), undefined, {
      username: keys.demo.username,
      api_key: keys.demo.apiKey,
    })
    expect(token.status).toBe(200)
  })
})
