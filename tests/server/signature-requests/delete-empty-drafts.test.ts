import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { users } from '../../../server/db/schema/accounts.ts'
import { documents } from '../../../server/db/schema/documents.ts'
import {
  signatureRequestAttachments,
  signatureRequestDocuments,
  signatureRequests,
} from '../../../server/db/schema/signature-requests.ts'
import {
  deleteEmptyDrafts,
  emptyDraftLifetimeMs,
} from '../../../server/signature-requests/delete-empty-drafts.ts'
import type { FileStorage } from '../../../server/storage/file-storage.ts'
import { createLocalFileStorage } from '../../../server/storage/local-file-storage.ts'
import { documentKey } from '../../../server/storage/storage-keys.ts'
import { createTestDatabase, featureDrivers, type TestDatabase } from '../test-database.ts'

/** Drafts left without a document (a refused, cut off or abandoned upload) go after a day, with their files. */
describe.each(featureDrivers)('deleting empty drafts on %s', (driver) => {
  let testDatabase: TestDatabase
  let handle: DatabaseHandle
  let filesDir: string
  let storage: FileStorage
  let now = new Date('2026-11-01T10:00:00Z')

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver)
    handle = await openDatabase(testDatabase.database)
    await handle.migrate()
    filesDir = await mkdtemp(join(tmpdir(), 'signet-drafts-'))
    storage = createLocalFileStorage(filesDir)
  })

  afterAll(async () => {
    await handle?.close()
    await testDatabase?.drop()
    await rm(filesDir, { recursive: true, force: true })
  })

  const services = () => ({ db: handle.db, now: () => now, storage, logger: pino({ level: 'silent' }) })
  const exists = async (id: string) =>
    (await handle.db.select().from(signatureRequests).where(eq(signatureRequests.id, id))).length === 1

  it('deletes a draft with no document a day after it was made, with its attachment, and nothing else', async () => {
    const [owner] = await handle.db.insert(users).values({ email: 'owner@example.com' }).returning()
    if (owner === undefined) throw new Error('no user')
    const draft = async (title: string, status: 'DRAFT' | 'OPEN' = 'DRAFT') => {
      const [row] = await handle.db
        .insert(signatureRequests)
        .values({ ownerId: owner.id, title, statusOverall: status, createdAt: now, updatedAt: now })
        .returning()
      return row?.id ?? ''
    }
    const empty = await draft('Refused upload')
    const attachmentHash = 'a'.repeat(64)
    await storage.put(documentKey(attachmentHash), new TextEncoder().encode('a note'))
    await handle.db.insert(signatureRequestAttachments).values({
      requestId: empty,
      uploadedBy: owner.id,
      title: 'note.txt',
      sha256: attachmentHash,
      size: 6,
      contentType: 'text/plain',
      createdAt: now,
    })
    const withDocument = await draft('Uploaded')
    const [document] = await handle.db
      .insert(documents)
      .values({
        ownerId: owner.id,
        title: 'Uploaded',
        sha256: 'b'.repeat(64),
        size: 100,
        contentType: 'application/pdf',
        pageCount: 1,
        pageSizes: [{ width: 595, height: 842 }],
        createdAt: now,
      })
      .returning()
    await handle.db
      .insert(signatureRequestDocuments)
      .values({ requestId: withDocument, documentId: document?.id ?? '', position: 0 })
    const sentEmpty = await draft('Sent without a document', 'OPEN')

    // Within the day the user may still be uploading.
    now = new Date(now.getTime() + emptyDraftLifetimeMs - 60_000)
    expect(await deleteEmptyDrafts(services())).toBe(0)
    expect(await exists(empty)).toBe(true)

    now = new Date(now.getTime() + 120_000)
    expect(await deleteEmptyDrafts(services())).toBe(1)
    expect(await exists(empty)).toBe(false)
    expect(await storage.exists(documentKey(attachmentHash))).toBe(false)
    expect(await exists(withDocument)).toBe(true)
    expect(await exists(sentEmpty)).toBe(true)
    expect(await deleteEmptyDrafts(services())).toBe(0)
  })
})
