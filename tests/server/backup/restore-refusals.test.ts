import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import { create } from 'tar'
import { afterAll, describe, expect, it } from 'vitest'
import type { BackupManifest } from '../../../server/backup/backup-archive.ts'
import { RestoreError, restoreBackup } from '../../../server/backup/restore-backup.ts'
import { removeTemporaryDirectories, temporaryDirectory } from '../signing/pdf-tools.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, type TestDatabase } from '../test-database.ts'

describe('a restore that cannot be done', () => {
  const made: TestDatabase[] = []
  afterAll(async () => {
    for (const database of made) await database.drop()
    removeTemporaryDirectories()
  })
  const emptyTarget = async (driver: 'pglite' | 'postgres') => {
    const target = await createTestDatabase(driver)
    made.push(target)
    return { target, config: testAppConfig(target.dataDir, { database: target.database }) }
  }

  it('says a file is not a backup, and leaves DATA_DIR empty', async () => {
    const { target, config } = await emptyTarget('pglite')
    const file = join(temporaryDirectory('restore'), 'contract.pdf')
    await writeFile(file, '%PDF-1.7 not an archive')
    await expect(restoreBackup(config, file)).rejects.toThrow(
      new RestoreError(`${file} is not a backup archive (a gzipped tar)`),
    )
    expect(await readdir(target.dataDir)).toEqual([])
  })

  /** An archive with only a manifest that says `made`. */
  const archiveOf = async (made: Pick<BackupManifest, 'database' | 'storage'>, database?: string) => {
    const archive = join(temporaryDirectory('restore'), 'backup.tar.gz')
    const source = temporaryDirectory('restore')
    const manifest: BackupManifest = {
      format: 'signet-backup',
      version: 1,
      createdAt: '2026-03-01T02:00:00.000Z',
      files: [],
      missing: [],
      ...made,
    }
    await writeFile(join(source, 'manifest.json'), JSON.stringify(manifest))
    if (database !== undefined) await writeFile(join(source, 'database.pg_dump'), database)
    await create({ gzip: true, file: archive, cwd: source }, [
      'manifest.json',
      ...(database === undefined ? [] : ['database.pg_dump']),
    ])
    return archive
  }

  it('will not put the embedded database into PostgreSQL', async () => {
    const { target, config } = await emptyTarget('postgres')
    const archive = await archiveOf({ database: 'pglite', storage: 'local' })
    await expect(restoreBackup(config, archive)).rejects.toThrow(
      new RestoreError('The archive holds the embedded database: unset DATABASE_URL to restore it'),
    )
    expect(await readdir(target.dataDir)).toEqual([])
  })

  it('says what pg_restore found wrong, and leaves DATA_DIR empty', async () => {
    const { target, config } = await emptyTarget('postgres')
    const archive = await archiveOf({ database: 'postgres', storage: 'local' }, 'not a dump')
    await expect(restoreBackup(config, archive)).rejects.toThrow(
      /^pg_restore failed: pg_restore: error: input file does not appear to be a valid archive/,
    )
    expect(await readdir(target.dataDir)).toEqual([])
  })

  it('asks for the bucket of an archive whose files are in S3', async () => {
    const { target, config } = await emptyTarget('pglite')
    const archive = await archiveOf({ database: 'pglite', storage: 's3' })
    await expect(restoreBackup(config, archive)).rejects.toThrow(
      new RestoreError('The archive’s files are in an S3 bucket: set S3_* to that bucket to restore it'),
    )
    expect(await readdir(target.dataDir)).toEqual([])
  })

  it('refuses a PostgreSQL database that has tables', async () => {
    const { target, config } = await emptyTarget('postgres')
    if (target.database.driver !== 'postgres') throw new Error('a PostgreSQL target')
    const client = new pg.Client({ connectionString: target.database.url })
    await client.connect()
    await client.query('create table kept (id int)')
    await client.end()
    await expect(restoreBackup(config, join(temporaryDirectory('restore'), 'any.tar.gz'))).rejects.toThrow(
      new RestoreError('The database of DATABASE_URL has tables: restore only fills an empty database'),
    )
  })
})
