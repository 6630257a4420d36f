import { randomUUID } from 'node:crypto'
import { cp, link, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { create } from 'tar'
import type { DatabaseHandle } from '../db/open-database.ts'
import { snapshotFiles } from '../db/open-database.ts'
import type { FileStorageOptions } from '../storage/create-file-storage.ts'
import { assertValidKey } from '../storage/storage-keys.ts'
import { type BackupManifest, filesFolder, manifestFile, pkiDir, pkiFolder } from './backup-archive.ts'
import { storedFileKeys } from './stored-file-keys.ts'

/** What a backup needs of the running server. */
export type BackupServices = {
  database: DatabaseHandle
  /** `DATABASE_URL` set: PostgreSQL through pg_dump; else the embedded database. */
  driver: BackupManifest['database']
  storage: FileStorageOptions
  now: () => Date
}

/**
 * Writes one gzipped tar archive of everything the server keeps to `target`: the database as one consistent
 * snapshot, the stored files its rows refer to (as they were right after the snapshot), and `DATA_DIR/pki`. Private
 * keys are in it only sealed, and the key file of DATA_DIR (load-key-ring.ts) is not.
 * The archive appears under `target` only when it is complete. Answers its manifest.
 */
export async function writeBackup(services: BackupServices, target: string): Promise<BackupManifest> {
  const { dataDir, s3 } = services.storage
  const staging = join(dataDir, 'tmp', `backup-${randomUUID()}`)
  const partial = `${target}.${process.pid}.partial`
  await mkdir(staging, { recursive: true })
  try {
    const database = snapshotFiles[services.driver]
    // A file deleted after the snapshot (its row went in between) is missing from the link pass; the next
    // snapshot no longer has its row. What is still missing after a few tries is missing from storage itself.
    let staged = await stageSnapshot(services, staging)
    for (let tries = 1; staged.missing.length > 0 && tries < 3; tries++) {
      await rm(join(staging, filesFolder), { recursive: true, force: true })
      staged = await stageSnapshot(services, staging)
    }
    const { keys, missing } = staged
    await cp(pkiDir(dataDir), join(staging, pkiFolder), { recursive: true })
    const manifest: BackupManifest = {
      format: 'signet-backup',
      version: 1,
      createdAt: services.now().toISOString(),
      database: services.driver,
      storage: s3 === undefined ? 'local' : 's3',
      files: keys.filter((key) => !missing.includes(key)),
      missing,
    }
    await writeFile(join(staging, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`)
    const entries = [manifestFile, database, pkiFolder, ...(s3 === undefined ? [filesFolder] : [])]
    await mkdir(dirname(target), { recursive: true })
    await create({ gzip: true, file: partial, cwd: staging, portable: true }, entries)
    await rename(partial, target)
    return manifest
  } finally {
    await rm(partial, { force: true })
    await rm(staging, { recursive: true, force: true })
  }
}

/** Writes the database's snapshot into `staging` and links the files its rows refer to beside it. */
async function stageSnapshot(
  services: BackupServices,
  staging: string,
): Promise<{ keys: string[]; missing: string[] }> {
  const { dataDir, s3 } = services.storage
  const keys = await services.database.snapshot(join(staging, snapshotFiles[services.driver]), storedFileKeys)
  // Files are immutable under their keys and replaced by renaming, so a hard link holds the snapshot's bytes
  // even if the file is deleted or replaced while the archive is written; the link pass takes moments.
  const missing: string[] = []
  if (s3 !== undefined) return { keys, missing }
  await mkdir(join(staging, filesFolder))
  const root = services.storage.root ?? join(dataDir, 'files')
  for (const key of keys) {
    assertValidKey(key)
    const from = join(root, ...key.split('/'))
    const to = join(staging, filesFolder, ...key.split('/'))
    await mkdir(dirname(to), { recursive: true })
    await link(from, to).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') missing.push(key)
      else if (error.code === 'EXDEV') await cp(from, to)
      else throw error
    })
  }
  return { keys, missing }
}
