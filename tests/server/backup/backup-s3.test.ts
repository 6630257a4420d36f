import { createHash } from 'node:crypto'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { list } from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { restoreBackup } from '../../../server/backup/restore-backup.ts'
import { writeBackup } from '../../../server/backup/write-backup.ts'
import { type DatabaseHandle, openDatabase } from '../../../server/db/open-database.ts'
import { users } from '../../../server/db/schema/accounts.ts'
import { documents } from '../../../server/db/schema/documents.ts'
import { createFileStorage } from '../../../server/storage/create-file-storage.ts'
import { documentKey } from '../../../server/storage/storage-keys.ts'
import { removeTemporaryDirectories, temporaryDirectory } from '../signing/pdf-tools.ts'
import { startS3rver } from '../storage/s3rver.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, type TestDatabase } from '../test-database.ts'

/** With S3_*, the files stay in the (versioned) bucket: the archive lists them, the restore checks them. */
describe('a backup of a server whose files are in S3', () => {
  let source: TestDatabase
  let target: TestDatabase
  let handle: DatabaseHandle
  let s3: Awaited<ReturnType<typeof startS3rver>>

  beforeAll(async () => {
    s3 = await startS3rver(temporaryDirectory('backup-s3'))
    source = await createTestDatabase('pglite', { migrated: true })
    target = await createTestDatabase('pglite')
    handle = await openDatabase(source.database)
    await handle.migrate()
    await mkdir(join(source.dataDir, 'pki'))
    await writeFile(join(source.dataDir, 'pki', 'root.pem'), 'certificate')
  })

  afterAll(async () => {
    await handle?.close()
    await s3?.close()
    await source?.drop()
    await target?.drop()
    removeTemporaryDirectories()
  })

  it('lists the keys it expects, holds no files, and the restore names those the bucket lost', async () => {
    const storage = createFileStorage({ dataDir: source.dataDir, s3: s3.options })
    const [owner] = await handle.db.insert(users).values({ email: 'owner@example.com' }).returning()
    const keys: string[] = []
    for (const title of ['Lease', 'Loan']) {
      const bytes = new TextEncoder().encode(`%PDF-1.7 ${title}`)
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      await storage.put(documentKey(sha256), bytes)
      keys.push(documentKey(sha256))
      await handle.db.insert(documents).values({
        sha256,
        title,
        size: bytes.length,
        contentType: 'application/pdf',
        pageCount: 1,
        pageSizes: [{ width: 595, height: 842 }],
        ownerId: owner?.id ?? '',
        createdAt: new Date('2026-03-01T08:00:00Z'),
      })
    }

    const archive = join(temporaryDirectory('backup-s3'), 'backup.tar.gz')
    const manifest = await writeBackup(
      {
        database: handle,
        driver: 'pglite',
        storage: { dataDir: source.dataDir, s3: s3.options },
        now: () => new Date('2026-03-02T02:00:00Z'),
      },
      archive,
    )
    expect(manifest).toMatchObject({ storage: 's3', files: [...keys].sort(), missing: [] })
    const entries: string[] = []
    await list({ file: archive, onReadEntry: (entry) => entries.push(entry.path) })
    // The database, the manifest and the PKI; no files/.
    expect(new Set(entries.map((path) => path.split('/')[0]))).toEqual(
      new Set(['database.pglite.tar', 'manifest.json', 'pki']),
    )

    // A file the bucket no longer has (its versioning was off, or an old version expired).
    const lost = [...keys].sort()[0] ?? ''
    await storage.delete(lost)
    const config = testAppConfig(target.dataDir, { database: target.database, s3: s3.options })
    const { notInBucket } = await restoreBackup(config, archive)
    expect(notInBucket).toEqual([lost])
    expect((await readdir(target.dataDir)).sort()).toEqual(['db', 'pki'])
  })
})
