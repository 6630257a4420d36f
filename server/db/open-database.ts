import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import type { DatabaseConfig } from '../config.ts'
import { openEmbeddedDatabase } from './embedded-database.ts'
import { runPgTool } from './run-pg-tool.ts'
import * as accountsTables from './schema/accounts.ts'
import * as billingTables from './schema/billing.ts'
import * as bulkSendsTables from './schema/bulk-sends.ts'
import * as businessesTables from './schema/businesses.ts'
import * as documentsTables from './schema/documents.ts'
import * as embeddingTables from './schema/embedding.ts'
import * as identificationTables from './schema/identification.ts'
import * as jobsTables from './schema/jobs.ts'
import * as mobileSigningTables from './schema/mobile-signing.ts'
import * as pkiTables from './schema/pki.ts'
import * as sealsTables from './schema/seals.ts'
import * as signatureRequestsTables from './schema/signature-requests.ts'
import * as ssoTables from './schema/sso.ts'
import * as templatesTables from './schema/templates.ts'
import * as visualSignaturesTables from './schema/visual-signatures.ts'

/** Every table of the schema, one module per domain in `schema/`: what Drizzle is given. */
export const schema = {
  ...accountsTables,
  ...billingTables,
  ...bulkSendsTables,
  ...businessesTables,
  ...documentsTables,
  ...embeddingTables,
  ...identificationTables,
  ...jobsTables,
  ...mobileSigningTables,
  ...pkiTables,
  ...sealsTables,
  ...signatureRequestsTables,
  ...ssoTables,
  ...templatesTables,
  ...visualSignaturesTables,
}

/**
 * The Drizzle database the server works with, whichever driver is underneath. Raw `execute()` results are
 * typed `unknown` because their shape differs by driver: use the query builder.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/** An open database connection (PGlite instance or pg pool). */
export type DatabaseHandle = {
  db: Database
  /** Applies the pending migrations of `server/db/migrations`. */
  migrate(): Promise<void>
  /**
   * What PostgreSQL's autovacuum does, for the embedded database, which has none: VACUUM (so that
   * index-only scans need not visit rows, and dead rows make room) and ANALYZE (so that the planner knows
   * how large the tables are). Answers whether it did anything: on PostgreSQL, autovacuum does it.
   */
  upkeep(): Promise<boolean>
  /**
   * Writes a consistent copy of the whole database to `file` while the server works on (the embedded database's
   * data directory as a tar, or `pg_dump`'s custom format), and answers what `read` finds in that same state.
   */
  snapshot<T>(file: string, read: (db: Database) => Promise<T>): Promise<T>
  /** Closes the connection; in-flight queries finish first. */
  close(): Promise<void>
}

/** The database's copy in a backup: its file name says which driver made it. */
export const snapshotFiles = { pglite: 'database.pglite.tar', postgres: 'database.pg_dump' } as const

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
/** The advisory lock the processes sharing a PostgreSQL database migrate under (any fixed number). */
const migrationLockKey = 7_306_121_001

/**
 * Opens the configured database: embedded PGlite in its directory (created if missing), or PostgreSQL. Both are
 * spoken to through node-postgres: the embedded one from a thread of its own (embedded-database.ts).
 * `onIdleError` hears of pooled PostgreSQL connections that break while idle (a server restart or
 * failover): the pool replaces them, and without a listener the error would end the process.
 */
export async function openDatabase(
  config: DatabaseConfig,
  onIdleError: (error: Error) => void = (error) => console.error('Database connection lost:', error.message),
): Promise<DatabaseHandle> {
  if (config.driver === 'pglite') {
    const embedded = await openEmbeddedDatabase(config.dir)
    embedded.pool.on('error', onIdleError)
    return {
      ...onPool(embedded.pool),
      upkeep: async () => {
        await embedded.pool.query('vacuum (analyze)')
        return true
      },
      snapshot: async (file, read) => {
        // Holding the one connection, between two transactions, the data directory is whole; `read` asks a
        // copy opened from it, while the server works on.
        const session = await embedded.pool.connect()
        const dump = await embedded.dump().finally(() => session.release())
        await writeFile(file, dump)
        const copy = await PGlite.create({ loadDataDir: new Blob([dump]) })
        try {
          return await read(drizzlePglite({ client: copy, schema }))
        } finally {
          await copy.close()
        }
      },
      close: embedded.close,
    }
  }
  const pool = new pg.Pool({ connectionString: config.url })
  pool.on('error', onIdleError)
  return {
    ...onPool(pool),
    upkeep: async () => false,
    snapshot: async (file, read) => {
      // pg_dump works in a snapshot that this transaction exports, so `read` sees just what it dumps.
      const session = await pool.connect()
      try {
        await session.query('begin isolation level repeatable read read only')
        const { rows } = await session.query<{ id: string }>('select pg_export_snapshot() as id')
        await runPgTool('pg_dump', config.url, [
          '--format=custom',
          `--snapshot=${rows[0]?.id}`,
          `--file=${file}`,
        ])
        const found = await read(drizzleNodePg({ client: session, schema }))
        await session.query('commit')
        return found
      } catch (error) {
        await session.query('rollback').catch(() => undefined)
        throw error
      } finally {
        session.release()
      }
    },
    close: () => pool.end(),
  }
}

/** The database and its migrations on a pool of connections, PostgreSQL's or the embedded database's one. */
function onPool(pool: pg.Pool): Pick<DatabaseHandle, 'db' | 'migrate'> {
  return {
    db: drizzleNodePg({ client: pool, schema }),
    migrate: async () => {
      // Several processes starting at once on one database take turns: the first migrates, the others then
      // find nothing pending. The lock is the session's, held by the connection that migrates, so it goes
      // with that connection should it die.
      const session = await pool.connect()
      try {
        await session.query('select pg_advisory_lock($1)', [migrationLockKey])
        await migrateNodePg(drizzleNodePg({ client: session, schema }), { migrationsFolder })
      } finally {
        await session.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined)
        session.release()
      }
    },
  }
}
