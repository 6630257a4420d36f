import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { retentionDays, retentionNoticeDays } from '../../../contract/businesses.ts'
import { hashToken } from '../../../server/accounts/hash-token.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { users } from '../../../server/db/schema/accounts.ts'
import { documents } from '../../../server/db/schema/documents.ts'
import { jobs } from '../../../server/db/schema/jobs.ts'
import {
  directLinks,
  signatureRequestDocuments,
  signatureRequests,
  signatures,
} from '../../../server/db/schema/signature-requests.ts'
import { createJobQueue } from '../../../server/jobs/job-queue.ts'
import { createMailQueue, mailJob, type QueuedMail } from '../../../server/providers/mail/mail-queue.ts'
import {
  forgetRetentionNotices,
  previewRetention,
  sweepRetention,
} from '../../../server/retention/retention.ts'
import type { FileStorage } from '../../../server/storage/file-storage.ts'
import { createLocalFileStorage } from '../../../server/storage/local-file-storage.ts'
import { documentKey, pageImageKey } from '../../../server/storage/storage-keys.ts'
import { insertBusiness } from '../businesses/business-rows.ts'
import { createTestDatabase, featureDrivers, type TestDatabase } from '../test-database.ts'
import { turnRetentionOn } from './turn-retention-on.ts'

const dayMs = 24 * 60 * 60 * 1000

/** Issue 15: a business with retention on has its ended requests deleted, files included, after a notice. */
describe.each(featureDrivers)('retention on %s', (driver) => {
  let testDatabase: TestDatabase
  let handle: DatabaseHandle
  let filesDir: string
  let storage: FileStorage
  let now = new Date('2026-06-01T10:00:00Z')
  const logger = pino({ level: 'silent' })

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver)
    handle = await openDatabase(testDatabase.database)
    await handle.migrate()
    filesDir = await mkdtemp(join(tmpdir(), 'signet-retention-'))
    storage = createLocalFileStorage(filesDir)
  })

  afterAll(async () => {
    await handle?.close()
    await testDatabase?.drop()
    await rm(filesDir, { recursive: true, force: true })
  })

  const services = () => {
    const queue = createJobQueue({ db: handle.db, handlers: {}, logger, now: () => now })
    // Nothing runs the mails here: they wait in the jobs table, where the test reads them.
    void queue.stop()
    return {
      db: handle.db,
      now: () => now,
      mail: createMailQueue(queue),
      storage,
      publicUrl: 'https://signet.test',
      logger,
    }
  }
  const mails = async () =>
    (await handle.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, mailJob))).map(
      (row) => row.payload as QueuedMail,
    )
  const exists = async (id: string) =>
    (await handle.db.select().from(signatureRequests).where(eq(signatureRequests.id, id))).length === 1
  const storedFiles = async () =>
    (await readdir(filesDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())

  let businessId = ''
  let ownerId = ''
  /** A request of the business's member that ended as `status` at `endedAt`, with a stored document and page image. */
  const endedRequest = async (title: string, status: 'SIGNED' | 'DECLINED' | 'OPEN', endedAt: Date) => {
    const sha256 = Buffer.from(title.padEnd(32, '.')).toString('hex').slice(0, 64)
    await storage.put(documentKey(sha256), new TextEncoder().encode(`%PDF ${title}`))
    await storage.put(pageImageKey(sha256, 1, 1), new TextEncoder().encode('webp'))
    const [request] = await handle.db
      .insert(signatureRequests)
      .values({ ownerId, title, statusOverall: status, createdAt: endedAt, updatedAt: endedAt })
      .returning()
    const [document] = await handle.db
      .insert(documents)
      .values({
        ownerId,
        title,
        sha256,
        size: 10,
        contentType: 'application/pdf',
        pageCount: 1,
        pageSizes: [{ width: 595, height: 842 }],
        createdAt: endedAt,
      })
      .returning()
    await handle.db
      .insert(signatureRequestDocuments)
      .values({ requestId: request?.id ?? '', documentId: document?.id ?? '', position: 0 })
    await handle.db.insert(signatures).values({
      requestId: request?.id ?? '',
      accountEmail: 'signer@example.com',
      signerIdentityData: { emailAddress: 'signer@example.com', language: 'de-ch' },
      status: status === 'OPEN' ? 'OPEN' : status,
      signedAt: status === 'SIGNED' ? endedAt : null,
    })
    return { id: request?.id ?? '', sha256 }
  }

  it('tells the participants a week ahead, then deletes the request, its documents and page images', async () => {
    const [owner] = await handle.db.insert(users).values({ email: 'owner@acme.example' }).returning()
    ownerId = owner?.id ?? ''
    businessId = await insertBusiness(handle.db, 'Acme AG', ownerId, now)

    const old = await endedRequest('Signed long ago', 'SIGNED', new Date(now.getTime() - 40 * dayMs))
    const declined = await endedRequest('Declined long ago', 'DECLINED', new Date(now.getTime() - 40 * dayMs))
    const recent = await endedRequest('Signed last week', 'SIGNED', new Date(now.getTime() - 7 * dayMs))
    const open = await endedRequest('Still open', 'OPEN', new Date(now.getTime() - 40 * dayMs))

    // The dry run counts what the chosen state would delete; with retention off nothing happens.
    expect(await previewRetention(handle.db, businessId, 'SIGNED', now)).toEqual({ requests: 1 })
    expect(await previewRetention(handle.db, businessId, 'ANY', now)).toEqual({ requests: 2 })
    expect(await sweepRetention(services())).toEqual({ warned: 0, deleted: 0 })

    await turnRetentionOn(handle.db, businessId, 'SIGNED')
    // Past its period already, the old request is announced first, never deleted without a notice.
    expect(await sweepRetention(services())).toEqual({ warned: 1, deleted: 0 })
    expect((await mails()).map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        ['owner@acme.example', '“Signed long ago” will be deleted on 8 June 2026'],
        ['signer@example.com', '«Signed long ago» wird am 8. Juni 2026 gelöscht'],
      ].sort(),
    )
    // Each can download what they keep: the sender signs in; the signer has no account, so their link is a new
    // direct link, which opens without one (its token is one stored for their signature).
    const linkTo = async (to: string) =>
      new URL(
        /https:\/\/signet\.test\/view\/\S+/.exec((await mails()).find((m) => m.to === to)?.text ?? '')?.[0] ??
          '',
      )
    expect((await linkTo('owner@acme.example')).pathname).toBe(`/view/${old.id}`)
    const direct = await linkTo('signer@example.com')
    const [signature] = await handle.db.select().from(signatures).where(eq(signatures.requestId, old.id))
    expect(direct.pathname).toBe(`/view/${old.id}/${signature?.id}`)
    const links = await handle.db
      .select()
      .from(directLinks)
      .where(eq(directLinks.signatureId, signature?.id ?? ''))
    expect(links.map((link) => link.tokenHash)).toContain(hashToken(direct.searchParams.get('token') ?? ''))
    expect(await sweepRetention(services())).toEqual({ warned: 0, deleted: 0 })

    now = new Date(now.getTime() + retentionNoticeDays * dayMs - 60_000)
    expect(await sweepRetention(services())).toEqual({ warned: 0, deleted: 0 })
    expect(await exists(old.id)).toBe(true)

    now = new Date(now.getTime() + 120_000)
    const before = (await storedFiles()).length
    expect(await sweepRetention(services())).toEqual({ warned: 0, deleted: 1 })
    expect(await exists(old.id)).toBe(false)
    expect(await handle.db.select().from(documents).where(eq(documents.sha256, old.sha256))).toEqual([])
    expect(await storage.exists(documentKey(old.sha256))).toBe(false)
    expect(await storage.exists(pageImageKey(old.sha256, 1, 1))).toBe(false)
    expect((await storedFiles()).length).toBe(before - 2)
    expect(
      (await mails()).filter(
        (m) => m.subject.includes('was deleted') || m.subject.includes('wurde gelöscht'),
      ),
    ).toHaveLength(2)
    // Not its state, not ended, not old enough: kept.
    expect(await exists(declined.id)).toBe(true)
    expect(await exists(open.id)).toBe(true)
    expect(await exists(recent.id)).toBe(true)
    expect(await storage.exists(documentKey(recent.sha256))).toBe(true)

    // The recent one is announced a week before its day, and goes on it.
    now = new Date(now.getTime() + (retentionDays - retentionNoticeDays - 7) * dayMs)
    expect(await sweepRetention(services())).toEqual({ warned: 1, deleted: 0 })
    // Turned off, the announced deletion is called off; turned on again, it is announced anew.
    await forgetRetentionNotices(handle.db, businessId)
    now = new Date(now.getTime() + retentionNoticeDays * dayMs)
    expect(await sweepRetention(services())).toEqual({ warned: 1, deleted: 0 })
    expect(await exists(recent.id)).toBe(true)
  })
})
