import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { DatabaseConfig } from '../../server/config.ts'
import { unpackMigratedPglite } from './migrated-pglite.ts'

/**
 * The database drivers the server supports: the tests of the database layer (the database itself, migrations,
 * jobs and their crash recovery, backups, keys and files at rest, server start, row locks) run on each.
 */
export const drivers = ['pglite', 'postgres'] as const

/**
 * The driver the tests of a feature run on. Features reach the database only through the layer tested on
 * every driver above, and every journey in e2e/ runs the real server on the embedded database; running each
 * feature's tests once more on PGlite only doubled their time in CI.
 */
export const featureDrivers = ['postgres'] as const

/** One of {@link drivers}. */
export type Driver = (typeof drivers)[number]

/** A fresh, empty database of one driver, with a temp DATA_DIR beside it; `drop()` removes both. */
export type TestDatabase = {
  database: DatabaseConfig
  dataDir: string
  drop(): Promise<void>
}

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * Creates an empty database: PGlite in a temp directory, or `signet_test_<random>` on the PostgreSQL
 * server at TEST_DATABASE_URL. A PostgreSQL server that does not answer fails the test: CI starts one, and
 * skipping would hide breakage. `migrated` PGlite is unpacked from the archive of one already migrated (seconds
 * faster than creating and migrating one), for tests whose subject is not the migrations.
 */
export async function createTestDatabase(driver: Driver, { migrated = false } = {}): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const dataDir = await createDataDir()
    if (migrated) await unpackMigratedPglite(join(dataDir, 'db'))
    return {
      database: { driver: 'pglite', dir: join(dataDir, 'db') },
      dataDir,
      drop: () => removeDataDir(dataDir),
    }
  }
  const name = `signet_test_${randomBytes(6).toString('hex')}`
  await withAdminClient((client) => client.query(`create database ${name}`))
  const dataDir = await createDataDir()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    database: { driver: 'postgres', url: url.toString() },
    dataDir,
    drop: async () => {
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`))
      await removeDataDir(dataDir)
    },
  }
}

const createDataDir = () => mkdtemp(join(tmpdir(), 'signet-test-'))
const removeDataDir = (dataDir: string) => rm(dataDir, { recursive: true, force: true })

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer at ${adminUrl} (${String(error)}). Start it ` +
        '(pg_ctlcluster --skip-systemctl-redirect <version> main start) or set TEST_DATABASE_URL.',
    )
  }
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
