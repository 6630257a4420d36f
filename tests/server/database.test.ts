import { and, asc, eq, sql } from 'drizzle-orm'
import { integer, pgSchema, real, text } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../server/db/open-database.ts'
import { users } from '../../server/db/schema/accounts.ts'
import { createTestDatabase, drivers, type TestDatabase } from './test-database.ts'

const columns = pgSchema('information_schema').table('columns', {
  tableSchema: text('table_schema'),
  tableName: text('table_name'),
  columnName: text('column_name'),
  dataType: text('data_type'),
  isNullable: text('is_nullable'),
})

const pgClass = pgSchema('pg_catalog').table('pg_class', {
  relname: text('relname'),
  reltuples: real('reltuples'),
  relpages: integer('relpages'),
  relallvisible: integer('relallvisible'),
})

describe.each(drivers)('database on %s', (driver) => {
  let testDatabase: TestDatabase
  let handle: DatabaseHandle

  beforeAll(async () => {
    testDatabase = await createTestDatabase(driver)
    handle = await openDatabase(testDatabase.database)
  })

  afterAll(async () => {
    await handle?.close()
    await testDatabase?.drop()
  })

  it('creates the users table by migration, and migrating again changes nothing', async () => {
    await handle.migrate()
    await handle.migrate()
    const rows = await handle.db
      .select({ name: columns.columnName, type: columns.dataType, nullable: columns.isNullable })
      .from(columns)
      .where(and(eq(columns.tableSchema, 'public'), eq(columns.tableName, 'users')))
      .orderBy(asc(columns.columnName))
    expect(rows).toEqual([
      { name: 'attributes', type: 'jsonb', nullable: 'NO' },
      { name: 'billing_customer_id', type: 'text', nullable: 'YES' },
      { name: 'created_at', type: 'timestamp with time zone', nullable: 'NO' },
      { name: 'email', type: 'text', nullable: 'NO' },
      { name: 'email_verified', type: 'boolean', nullable: 'NO' },
      { name: 'first_name', type: 'text', nullable: 'YES' },
      { name: 'has_sso', type: 'boolean', nullable: 'NO' },
      { name: 'id', type: 'uuid', nullable: 'NO' },
      { name: 'last_name', type: 'text', nullable: 'YES' },
      { name: 'password_hash', type: 'text', nullable: 'YES' },
      { name: 'username', type: 'text', nullable: 'YES' },
    ])
  })

  it('fills the defaults of a new user and keeps e-mail and username unique', async () => {
    const [user] = await handle.db
      .insert(users)
      .values({ email: 'ada@example.com', username: 'ada', firstName: 'Ada' })
      .returning()
    expect(user).toMatchObject({
      email: 'ada@example.com',
      emailVerified: false,
      firstName: 'Ada',
      lastName: null,
    })
    expect(user?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(user?.createdAt).toBeInstanceOf(Date)
    expect(Math.abs(Date.now() - (user?.createdAt.getTime() ?? 0))).toBeLessThan(60_000)

    await expect(handle.db.insert(users).values({ email: 'ada@example.com' })).rejects.toThrow()
    await expect(
      handle.db.insert(users).values({ email: 'other@example.com', username: 'ada' }),
    ).rejects.toThrow()
  })

  it('keeps the embedded database vacuumed and analyzed; PostgreSQL does that itself', async () => {
    await handle.db
      .insert(users)
      .values(Array.from({ length: 500 }, (_, index) => ({ email: `many${index}@example.com` })))
    const upkept = await handle.upkeep()
    expect(upkept).toBe(driver === 'pglite')
    if (!upkept) return
    // Analyzed: the planner knows the table's size. Vacuumed: every page is marked all-visible, so that
    // index-only scans need not read the rows.
    const [table] = await handle.db
      .select({ rows: pgClass.reltuples, pages: pgClass.relpages, visible: pgClass.relallvisible })
      .from(pgClass)
      .where(eq(pgClass.relname, 'users'))
    expect(table?.rows).toBeGreaterThanOrEqual(500)
    expect(table?.visible).toBe(table?.pages)
  })
})

describe('a PostgreSQL connection lost while idle', () => {
  it('is reported, replaced by the pool, and does not end the process', async () => {
    const testDatabase = await createTestDatabase('postgres')
    const lost: Error[] = []
    const handle = await openDatabase(testDatabase.database, (error) => lost.push(error))
    try {
      await handle.migrate()
      if (testDatabase.database.driver !== 'postgres') throw new Error('expected PostgreSQL')
      const name = new URL(testDatabase.database.url).pathname.slice(1)
      // What a server restart or failover does to the pool's idle connections.
      const admin = await openDatabase({
        driver: 'postgres',
        url: testDatabase.database.url.replace(name, 'postgres'),
      })
      await admin.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`,
      )
      await admin.close()
      await expect.poll(() => lost.length).toBeGreaterThan(0)
      expect(await handle.db.select({ id: users.id }).from(users)).toEqual([])
    } finally {
      await handle.close()
      await testDatabase.drop()
    }
  })
})
