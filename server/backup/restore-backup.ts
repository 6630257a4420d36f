import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { extract } from 'tar'
import type { AppConfig } from '../config.ts'
import { snapshotFiles } from '../db/open-database.ts'
import { runPgTool } from '../db/run-pg-tool.ts'
import { createFileStorage } from '../storage/create-file-storage.ts'
import { type BackupManifest, filesFolder, manifestFile, pkiDir, pkiFolder } from './backup-archive.ts'

/** The restore would overwrite something, or cannot be done; the message says why, for the operator. */
export class RestoreError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RestoreError'
  }
}

/** What a restore put back. */
export type RestoreResult = {
  manifest: BackupManifest
  /** With S3, the keys the archive expects that the bucket does not have. */
  notInBucket: string[]
}

/**
 * Fills an empty `DATA_DIR` (and, with `DATABASE_URL`, an empty PostgreSQL database) from an archive of
 * {@link writeBackup}; refuses with {@link RestoreError} when either holds anything.
 */
export async function restoreBackup(config: AppConfig, archive: string): Promise<RestoreResult> {
  const present = await readdir(config.dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  if (present.length > 0)
    throw new RestoreError(`DATA_DIR ${config.dataDir} is not empty: restore only fills an empty one`)
  if (config.database.driver === 'postgres') await assertEmptyDatabase(config.database.url)

  const staging = join(config.dataDir, 'tmp', 'restore')
  await mkdir(staging, { recursive: true })
  try {
    await extract({ file: archive, cwd: staging }).catch(() => {
      throw new RestoreError(`${archive} is not a backup archive (a gzipped tar)`)
    })
    const manifest = await readManifest(join(staging, manifestFile), archive)
    if (manifest.database !== config.database.driver)
      throw new RestoreError(
        manifest.database === 'pglite'
          ? 'The archive holds the embedded database: unset DATABASE_URL to restore it'
          : 'The archive holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it',
      )
    if ((manifest.storage === 's3') !== (config.s3 !== undefined))
      throw new RestoreError(
        manifest.storage === 's3'
          ? 'The archive’s files are in an S3 bucket: set S3_* to that bucket to restore it'
          : 'The archive holds the files for DATA_DIR/files: unset S3_* to restore it',
      )
    const database = join(staging, snapshotFiles[manifest.database])
    if (config.database.driver === 'postgres') {
      // In one transaction: a restore that fails leaves the database empty, to be tried again.
      await runPgTool('pg_restore', config.database.url, [
        '--exit-on-error',
        '--single-transaction',
        '--no-owner',
        database,
      ]).catch((error: Error) => {
        throw new RestoreError(error.message)
      })
    } else {
      const restored = await PGlite.create(config.database.dir, {
        loadDataDir: new Blob([await readFile(database)]),
      })
      await restored.close()
    }
    await rename(join(staging, pkiFolder), pkiDir(config.dataDir))
    if (manifest.storage === 'local')
      await rename(join(staging, filesFolder), join(config.dataDir, filesFolder))
    const notInBucket: string[] = []
    if (config.s3 !== undefined) {
      const storage = createFileStorage({ dataDir: config.dataDir, s3: config.s3 })
      for (const key of manifest.files) if (!(await storage.exists(key))) notInBucket.push(key)
    }
    return { manifest, notInBucket }
  } catch (error) {
    // DATA_DIR was empty: a restore that fails leaves it so, to be tried again.
    for (const entry of await readdir(config.dataDir))
      await rm(join(config.dataDir, entry), { recursive: true })
    throw error
  } finally {
    await rm(join(config.dataDir, 'tmp'), { recursive: true, force: true })
  }
}

async function readManifest(file: string, archive: string): Promise<BackupManifest> {
  const manifest = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as Partial<BackupManifest>,
    () => undefined,
  )
  if (manifest?.format !== 'signet-backup' || manifest.version !== 1)
    throw new RestoreError(`${archive} is not a Signet backup (version 1)`)
  return manifest as BackupManifest
}

async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema')`,
    )
    if ((rows[0]?.tables ?? 0) > 0)
      throw new RestoreError('The database of DATABASE_URL has tables: restore only fills an empty database')
  } finally {
    await client.end()
  }
}
