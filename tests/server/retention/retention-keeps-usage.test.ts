import { randomBytes } from 'node:crypto'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activityPaths, maxActivityDays } from '../../../contract/activity.ts'
import { businessPaths } from '../../../contract/businesses.ts'
import { apiPaths, apiUrl } from '../../../contract/paths.ts'
import { hashPassword } from '../../../server/accounts/hash-password.ts'
import { hashToken } from '../../../server/accounts/hash-token.ts'
import { createApp } from '../../../server/app.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { sessions, users } from '../../../server/db/schema/accounts.ts'
import { businessMembers } from '../../../server/db/schema/businesses.ts'
import { documents } from '../../../server/db/schema/documents.ts'
import { signatureUsages } from '../../../server/db/schema/signature-requests.ts'
import { createJobQueue, type JobQueue } from '../../../server/jobs/job-queue.ts'
import { upkeepJob, upkeepJobHandler, upkeepSlotKey } from '../../../server/jobs/upkeep.ts'
import { createMailQueue, mailJob } from '../../../server/providers/mail/mail-queue.ts'
import { signRequests } from '../../../server/signing/sign-requests.ts'
import { costCentreHeader, readCsvExport } from '../activity/csv-export.ts'
import { insertBusiness } from '../businesses/business-rows.ts'
import { seedOpenRequest, startSigningServices, type TestSigning } from '../signing/signing-services.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, featureDrivers, type TestDatabase } from '../test-database.ts'
import { turnRetentionOn } from './turn-retention-on.ts'

const dayMs = 24 * 60 * 60 * 1000

/**
 * Issue 35 §3: the record of each signature is the business's accounting. Automatic deletion takes the
 * requests and their documents, never the record: a month's activity, statistics and CSV exports read the
 * same after the deletion as before, until the record is older than the activity reaches back. A member who
 * leaves the business, or deletes their account, leaves the signatures they gave for it there.
 */
describe.each(featureDrivers)('the record of use on %s', (driver) => {
  let testDatabase: TestDatabase
  let handle: DatabaseHandle
  let now = new Date('2026-05-04T09:00:00Z')
  const clock = () => now
  let signing: TestSigning
  let jobs: JobQueue
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver)
    const config = testAppConfig(testDatabase.dataDir, { database: testDatabase.database })
    handle = await openDatabase(config.database)
    await handle.migrate()
    const logger = pino({ level: 'silent' })
    // Signing posts its mails to the app's queue, made below with the jobs that need signing's storage.
    signing = await startSigningServices(handle.db, testDatabase.dataDir, {
      now: clock,
      mail: { post: (writer, queued) => mail.post(writer, queued) },
    })
    // The mails (retention notices) are done as soon as they are due; the upkeep is the real one.
    jobs = createJobQueue({
      db: handle.db,
      logger,
      now: clock,
      handlers: {
        [mailJob]: { lane: 'mail', run: async () => {} },
        [upkeepJob]: {
          lane: 'upkeep',
          run: upkeepJobHandler({
            database: handle,
            storage: signing.storage,
            tempDir: signing.tempDir,
            now: clock,
            logger,
            mail: { post: async () => {} },
            publicUrl: 'http://localhost',
          }),
        },
      },
    })
    const mail = createMailQueue(jobs)
    app = createApp({ config, db: handle.db, logger, mail, jobs, now: clock })
  })

  afterAll(async () => {
    await signing?.close()
    await jobs?.stop()
    await handle?.close()
    await testDatabase?.drop()
  })

  /** Moves the server's clock by `days` and runs the upkeep that falls due then. */
  async function later(days: number) {
    now = new Date(now.getTime() + days * dayMs)
    await jobs.enqueue(handle.db, upkeepJob, {}, { key: upkeepSlotKey(now) })
    while ((await jobs.runDue()) > 0) {}
  }

  /** A signed-in account (with a password when `password` is given). */
  async function person(
    email: string,
    firstName: string,
    attributes: Record<string, string[]> = {},
    password?: string,
  ) {
    const [user] = await handle.db
      .insert(users)
      .values({
        email,
        firstName,
        lastName: 'Example',
        emailVerified: true,
        attributes,
        passwordHash: password === undefined ? null : await hashPassword(password),
      })
      .returning()
    if (user === undefined) throw new Error('no user')
    const token = randomBytes(24).toString('base64url')
    await handle.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 1000 * dayMs),
    })
    return { ...user, token }
  }

  /** An OPEN request from `ownerId` with a one-page PDF for `signers`. */
  async function openRequest(ownerId: string, title: string, signers: { id: string; email: string }[]) {
    const { request } = await seedOpenRequest(
      signing,
      ownerId,
      title,
      signers.map((signer) => ({ signerId: signer.id, accountEmail: signer.email })),
    )
    return request.id
  }

  /** The signer signs the request as the app asks it (a qualified one confirmed on their phone). */
  async function sign(signer: { id: string; email: string }, requestId: string) {
    const answer = await signRequests(
      signing,
      { kind: 'account', caller: { userId: signer.id, email: signer.email, ip: '127.0.0.1', groupIds: [] } },
      { signatureRequests: [{ signatureRequestId: requestId }], language: 'en' },
      { mobileConfirmed: { mobile: '+41 ••• •• 12', oneTimePassword: '123456' } },
    )
    expect(answer.results[0]?.result).toBe('complete')
  }

  /** A call of `token` to the app; the answer must be `status`. */
  async function call(token: string, method: string, path: string, status: number, body?: unknown) {
    const response = await app.request(apiUrl(path), {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    expect(response.status, await response.clone().text()).toBe(status)
    return response
  }

  /** What the business's admin reads of its activity in `range` (a query string of start and end dates). */
  async function activity(admin: { token: string }, businessId: string, range: string) {
    const json = async (path: string) => (await (await call(admin.token, 'GET', path, 200)).json()) as unknown
    const csv = async (path: string) =>
      (await readCsvExport(await call(admin.token, 'GET', path, 200))).records
    const signaturesExport = activityPaths.activityExport(businessId, 'signatures')
    return {
      statistics: await json(`${activityPaths.monthlyStatistics(businessId)}?${range}`),
      accounts: await json(`${activityPaths.activities(businessId, 'accounts')}?${range}`),
      costCentres: await csv(`${signaturesExport}?group_by=member&${range}`),
      signatures: await json(`${activityPaths.activities(businessId, 'signatures')}?${range}&size=100`),
      usage: await csv(`${signaturesExport}?${range}`),
    }
  }

  it('keeps the month’s activity and CSV exports through the deletion, for the activity’s reach', async () => {
    const admin = await person('grace@hopper.example', 'Grace')
    const advanced = await person('abe@hopper.example', 'Abe', {
      signature_qualities: ['aes'],
      default_quality: ['aes'],
    })
    const qualified = await person('quinn@hopper.example', 'Quinn', {
      signature_qualities: ['qes_zertes'],
      default_quality: ['qes'],
    })
    const businessId = await insertBusiness(handle.db, 'Hopper Archive AG', admin.id, now)
    await handle.db.insert(businessMembers).values([
      { userId: advanced.id, businessId, role: 'member', joinedAt: now },
      { userId: qualified.id, businessId, role: 'member', joinedAt: now },
    ])

    // May: one simple, one advanced and four qualified signatures, on requests the admin sent.
    const contract = await openRequest(admin.id, 'Contract', [admin, advanced])
    await sign(admin, contract)
    await sign(advanced, contract)
    const deeds: string[] = []
    for (const n of [1, 2, 3, 4]) {
      const deed = await openRequest(admin.id, `Deed ${n}`, [qualified])
      await sign(qualified, deed)
      deeds.push(deed)
    }
    const requests = [contract, ...deeds]

    const may = 'start_date=2026-05-01&end_date=2026-05-31'
    const before = await activity(admin, businessId, may)
    expect(before.statistics).toMatchObject({
      months: [{ month: '2026-05', ses: 1, aes: 1, qes: 4, total: 6 }],
    })
    expect(before.costCentres).toEqual([
      costCentreHeader,
      ['Abe Example', 'abe@hopper.example', 'Member', '0', '1', '0', '0', '1'],
      ['Grace Example', 'grace@hopper.example', 'Admin', '1', '0', '0', '0', '1'],
      ['Quinn Example', 'quinn@hopper.example', 'Member', '0', '0', '4', '0', '4'],
    ])

    // The admin turns automatic deletion on; a month later everyone is told, a week after that the
    // requests go with their documents.
    await turnRetentionOn(handle.db, businessId, 'ANY')
    await later(31)
    await later(8)
    for (const id of requests) await call(admin.token, 'GET', apiPaths.signatureRequest(id), 404)
    expect(await handle.db.select().from(documents)).toEqual([])

    // What was signed, by whom, at which quality and when stays; the titles went with the requests.
    const after = await activity(admin, businessId, may)
    expect(after.statistics).toEqual(before.statistics)
    // The accounts list counts each person's signatures from the same records (the requests they sent went).
    const signaturesMade = (page: unknown) =>
      (page as { items: { email: string; signatures_made: number }[] }).items.map((item) => [
        item.email,
        item.signatures_made,
      ])
    expect(signaturesMade(after.accounts)).toEqual(signaturesMade(before.accounts))
    expect(signaturesMade(before.accounts)).toEqual([
      ['abe@hopper.example', 1],
      ['grace@hopper.example', 1],
      ['quinn@hopper.example', 4],
    ])
    expect(after.costCentres).toEqual(before.costCentres)
    const withoutTitles = (page: unknown) =>
      (page as { items: { title: string | null }[] }).items.map((item) => ({ ...item, title: null }))
    expect((after.signatures as { items: unknown[] }).items).toEqual(withoutTitles(before.signatures))
    const titleColumn = before.usage[0]?.indexOf('Request') ?? -1
    expect(titleColumn).toBeGreaterThan(0)
    expect(after.usage).toEqual(
      before.usage.map((row, index) =>
        row.map((field, column) => (index > 0 && column === titleColumn ? '' : field)),
      ),
    )

    // Once older than the activity reaches back, the records go too.
    await later(maxActivityDays - 39)
    expect(await handle.db.select().from(signatureUsages)).toHaveLength(6)
    await later(1)
    expect(await handle.db.select().from(signatureUsages)).toEqual([])
  })

  it('keeps a member’s signatures with the business after they leave it and delete their account', async () => {
    const admin = await person('ada@lovelace.example', 'Ada')
    const password = 'a long and good passphrase'
    const member = await person(
      'max@lovelace.example',
      'Max',
      { signature_qualities: ['aes'], default_quality: ['aes'] },
      password,
    )
    const businessId = await insertBusiness(handle.db, 'Lovelace Engines AG', admin.id, now)
    await handle.db
      .insert(businessMembers)
      .values({ userId: member.id, businessId, role: 'member', joinedAt: now })
    const order = await openRequest(admin.id, 'Engine order', [member])
    await sign(member, order)
    const signedAt = now.toISOString()
    const day = signedAt.slice(0, 10)
    const today = `start_date=${day}&end_date=${day}`
    const monthlyTotal = (statistics: unknown) =>
      (statistics as { months: { total: number }[] }).months.map((month) => month.total)
    const thisMonth = async () =>
      (
        (await (
          await call(admin.token, 'GET', businessPaths.businessStatistics(businessId), 200)
        ).json()) as {
          signatures_this_month: number
        }
      ).signatures_this_month
    const signedRow = (name: string, email: string, kind: string) => [
      signedAt,
      name,
      email,
      kind,
      'Engine order',
      order,
      expect.any(String),
      'AES',
      '',
    ]

    const before = await activity(admin, businessId, today)
    expect(before.usage.slice(1)).toEqual([signedRow('Max Example', 'max@lovelace.example', 'Member')])
    expect(await thisMonth()).toBe(1)

    /** The day's activity lists the signature, given by a former member now named `name` at `email`. */
    const expectFormerSigner = async (name: string | null, email: string | null) => {
      const seen = await activity(admin, businessId, today)
      expect((seen.signatures as { items: unknown[] }).items).toEqual([
        expect.objectContaining({
          request_id: order,
          signer_kind: 'former',
          signer_name: name,
          signer_email: email,
          quality: 'aes',
          signed_at: signedAt,
        }),
      ])
      expect(seen.usage.slice(1)).toEqual([signedRow(name ?? '', email ?? '', 'Former member')])
      expect(seen.costCentres).toEqual([
        costCentreHeader,
        ['Ada Example', 'ada@lovelace.example', 'Admin', '0', '0', '0', '0', '0'],
        [name ?? '', email ?? '', 'Former member', '0', '1', '0', '0', '1'],
      ])
      expect(monthlyTotal(seen.statistics)).toEqual([1])
      expect(await thisMonth()).toBe(1)
    }

    // The admin removes the member: the signature stays the business's, given by a former member.
    await call(admin.token, 'POST', businessPaths.removeMembers(businessId), 200, { user_ids: [member.id] })
    await expectFormerSigner('Max Example', 'max@lovelace.example')
    // The former member deletes their account: the record names no one any more, and still counts.
    await call(member.token, 'POST', apiPaths.deleteUser(), 204, { password })
    await expectFormerSigner(null, null)
  })
})
