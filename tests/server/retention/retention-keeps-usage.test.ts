import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxActivityDays } from '../../../contract/activity.ts'
import { apiUrl } from '../../../contract/paths.ts'
import { hashToken } from '../../../server/accounts/hash-token.ts'
import { createApp } from '../../../server/app.ts'
import { defaultBusinessSettings } from '../../../server/businesses/business-settings.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import {
  businesses,
  businessMembers,
  documents,
  sessions,
  signatureRequestDocuments,
  signatureRequests,
  signatures,
  signatureUsages,
  users,
} from '../../../server/db/schema.ts'
import { createPageRenderer, type PageRenderer } from '../../../server/documents/render-pages.ts'
import { createJobQueue, type JobQueue } from '../../../server/jobs/job-queue.ts'
import { upkeepJob, upkeepJobHandler, upkeepSlotKey } from '../../../server/jobs/upkeep.ts'
import { createMailQueue, mailJob } from '../../../server/providers/mail/mail-queue.ts'
import { loadPlatformSigning } from '../../../server/signing/load-platform-signing.ts'
import { signRequests } from '../../../server/signing/sign-requests.ts'
import type { SigningServices } from '../../../server/signing/signing-services.ts'
import { createLocalFileStorage } from '../../../server/storage/local-file-storage.ts'
import { documentKey } from '../../../server/storage/storage-keys.ts'
import { parseCsv } from '../activity/parse-csv.ts'
import { makePdf } from '../signing/pdf-tools.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../test-database.ts'

const dayMs = 24 * 60 * 60 * 1000

/**
 * Issue 35 §3: automatic deletion takes the requests and their documents, never the record of each
 * signature. A month's activity, statistics and CSV exports read the same after the deletion as before,
 * until the record is older than the activity reaches back.
 */
describe.each(drivers)('retention keeps the record of use on %s', (driver) => {
  let testDatabase: TestDatabase
  let handle: DatabaseHandle
  let now = new Date('2026-05-04T09:00:00Z')
  const clock = () => now
  let signing: SigningServices
  let renderer: PageRenderer
  let jobs: JobQueue
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver)
    const config = testAppConfig(testDatabase.dataDir, { database: testDatabase.database })
    handle = await openDatabase(config.database)
    await handle.migrate()
    const logger = pino({ level: 'silent' })
    const storage = createLocalFileStorage(join(testDatabase.dataDir, 'files'))
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
            storage,
            tempDir: join(testDatabase.dataDir, 'tmp'),
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
    renderer = createPageRenderer({ storage: { dataDir: testDatabase.dataDir }, workers: 1 })
    signing = {
      db: handle.db,
      now: clock,
      mail,
      publicUrl: 'http://localhost',
      logger,
      storage,
      renderer,
      limits: { documentBytes: 1 << 24, requestBytes: 1 << 24 },
      tempDir: join(testDatabase.dataDir, 'tmp'),
      platform: await loadPlatformSigning(
        { dataDir: testDatabase.dataDir, appMode: 'development', publicUrl: 'http://localhost' },
        handle.db,
      ),
      freeSignatures: 10,
    }
  })

  afterAll(async () => {
    await renderer?.close()
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

  async function person(email: string, firstName: string, attributes: Record<string, string[]> = {}) {
    const [user] = await handle.db
      .insert(users)
      .values({ email, firstName, lastName: 'Example', emailVerified: true, attributes })
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
    const pdf = await makePdf(1)
    const sha256 = createHash('sha256').update(pdf).update(title).digest('hex')
    await signing.storage.put(documentKey(sha256), pdf)
    const [document] = await handle.db
      .insert(documents)
      .values({
        sha256,
        title,
        size: pdf.length,
        contentType: 'application/pdf',
        pageCount: 1,
        pageSizes: [{ width: 595, height: 842 }],
        ownerId,
        createdAt: now,
      })
      .returning()
    const [request] = await handle.db
      .insert(signatureRequests)
      .values({ ownerId, title, statusOverall: 'OPEN', createdAt: now, updatedAt: now })
      .returning()
    if (document === undefined || request === undefined) throw new Error('not seeded')
    await handle.db
      .insert(signatureRequestDocuments)
      .values({ requestId: request.id, documentId: document.id, position: 0 })
    await handle.db.insert(signatures).values(
      signers.map((signer) => ({
        requestId: request.id,
        signerId: signer.id,
        accountEmail: signer.email,
        status: 'OPEN' as const,
      })),
    )
    return request.id
  }

  /** The signer signs the request as the app asks it (a qualified one confirmed on their phone). */
  async function sign(signer: { id: string; email: string }, requestId: string) {
    const answer = await signRequests(
      signing,
      { kind: 'account', caller: { userId: signer.id, email: signer.email, ip: '127.0.0.1' } },
      { signatureRequests: [{ signatureRequestId: requestId }], language: 'en' },
      { mobileConfirmed: { mobile: '+41 ••• •• 12' } },
    )
    expect(answer.results[0]?.result).toBe('complete')
  }

  it('keeps the month’s activity and CSV exports through the deletion, for the activity’s reach', async () => {
    const admin = await person('grace@hopper.example', 'Grace')
    const advanced = await person('abe@hopper.example', 'Abe', { signature_qualities: ['aes'] })
    const qualified = await person('quinn@hopper.example', 'Quinn', {
      signature_qualities: ['qes_zertes'],
      default_quality: ['qes'],
    })
    const businessId = randomUUID()
    await handle.db.insert(businesses).values({
      id: businessId,
      name: 'Hopper Archive AG',
      email: 'office@hopper.example',
      billing: { address1: 'A 1', address2: '', city: 'Zürich', postalCode: '8001', country: 'CH', vat: '' },
      settings: defaultBusinessSettings,
      referralCode: 'HOPPER1',
      createdAt: now,
    })
    await handle.db.insert(businessMembers).values([
      { userId: admin.id, businessId, role: 'admin', joinedAt: now },
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

    const read = async (path: string) => {
      const response = await app.request(apiUrl(`/v2/businesses/${businessId}${path}`), {
        headers: { authorization: `Bearer ${admin.token}` },
      })
      expect(response.status, await response.clone().text()).toBe(200)
      return response.headers.get('content-type')?.startsWith('text/csv')
        ? parseCsv((await response.text()).replace(/^\uFEFF/, ''))
        : ((await response.json()) as Record<string, unknown>)
    }
    const may = 'start_date=2026-05-01&end_date=2026-05-31'
    const activity = async () => ({
      statistics: await read(`/statistics/monthly?${may}`),
      accounts: await read(`/activities/accounts?${may}`),
      costCentres: await read(`/activities/signatures/export?group_by=member&${may}`),
      signatures: await read(`/activities/signatures?${may}&size=100`),
      usage: await read(`/activities/signatures/export?${may}`),
    })
    const before = await activity()
    expect(before.statistics).toMatchObject({
      months: [{ month: '2026-05', ses: 1, aes: 1, qes: 4, total: 6 }],
    })
    expect(before.costCentres).toEqual([
      [
        'Name',
        'E-mail',
        'Account type',
        'Simple (SES)',
        'Advanced (AES)',
        'Qualified (QES)',
        'With a seal',
        'Total',
      ],
      ['Abe Example', 'abe@hopper.example', 'Member', '0', '1', '0', '0', '1'],
      ['Grace Example', 'grace@hopper.example', 'Admin', '1', '0', '0', '0', '1'],
      ['Quinn Example', 'quinn@hopper.example', 'Member', '0', '0', '4', '0', '4'],
    ])

    // The admin turns automatic deletion on; a month later everyone is told, a week after that the
    // requests go with their documents.
    await handle.db
      .update(businesses)
      .set({
        settings: {
          ...defaultBusinessSettings,
          signatureRequests: {
            ...defaultBusinessSettings.signatureRequests,
            retention: { enabled: true, terminalState: 'ANY' },
          },
        },
      })
      .where(eq(businesses.id, businessId))
    await later(31)
    await later(8)
    for (const id of requests) {
      const gone = await app.request(apiUrl(`/v3/signature-requests/${id}`), {
        headers: { authorization: `Bearer ${admin.token}` },
      })
      expect(gone.status).toBe(404)
    }
    expect(await handle.db.select().from(documents)).toEqual([])

    // What was signed, by whom, at which quality and when stays; the titles went with the requests.
    const after = await activity()
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
    const titleColumn = (before.usage as string[][])[0]?.indexOf('Request') ?? -1
    expect(titleColumn).toBeGreaterThan(0)
    expect(after.usage).toEqual(
      (before.usage as string[][]).map((row, index) =>
        row.map((field, column) => (index > 0 && column === titleColumn ? '' : field)),
      ),
    )

    // Once older than the activity reaches back, the records go too.
    await later(maxActivityDays - 39)
    expect(await handle.db.select().from(signatureUsages)).toHaveLength(6)
    await later(1)
    expect(await handle.db.select().from(signatureUsages)).toEqual([])
  })
})
