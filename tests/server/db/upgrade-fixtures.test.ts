import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { is } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { apiUserPaths } from '../../../contract/api-users.ts'
import { businessPaths } from '../../../contract/businesses.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { sealPaths } from '../../../contract/seals.ts'
import type { DatabaseConfig } from '../../../server/config.ts'
import { openDatabase, schema } from '../../../server/db/open-database.ts'
import { openPglite } from '../../../server/db/pglite-template.ts'
import { startServer } from '../../../server/server.ts'
import { upgradeFixtureKey } from '../../fixtures/upgrades/fixture-key.ts'
import { fixtureData, fixturesDir, migrationTags } from '../../fixtures/upgrades/write-upgrade-fixture.ts'
import { callApi, readJson } from '../spawn-server.ts'
import { testAppConfig } from '../test-app-config.ts'
import { createTestDatabase, drivers } from '../test-database.ts'

const migrationsDir = fileURLToPath(new URL('../../../server/db/migrations', import.meta.url))
const tags = await migrationTags()
const fixtures = (await readdir(fixturesDir))
  .filter((name) => name.endsWith('.sql'))
  .map((name) => name.slice(0, -4))
  .sort()

/** A copy of the migrations folder that ends at `tag`, as the release that made the fixture had it. */
async function migrationsUpTo(tag: string, dir: string): Promise<string> {
  const journal = JSON.parse(await readFile(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  const entries = journal.entries.slice(0, tags.indexOf(tag) + 1)
  const folder = join(dir, `migrations-${tag}`)
  await mkdir(join(folder, 'meta'), { recursive: true })
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }))
  for (const entry of entries)
    await cp(join(migrationsDir, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`))
  return folder
}

/** Makes the database the release of `tag` left: its migrations, then the fixture's data. */
async function loadFixture(database: DatabaseConfig, tag: string, dir: string) {
  const migrationsFolder = await migrationsUpTo(tag, dir)
  const data = await readFile(join(fixturesDir, `${tag}.sql`), 'utf8')
  if (database.driver === 'pglite') {
    // From the empty-database template, as the server starts one, not through initdb.
    const client = await openPglite(database.dir)
    try {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder })
      await client.exec(data)
    } finally {
      await client.close()
    }
    return
  }
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder })
    await client.query(data)
  } finally {
    await client.end()
  }
}

/** The tables of the current schema that have no row. */
async function emptyTables(database: DatabaseConfig): Promise<string[]> {
  const handle = await openDatabase(database)
  try {
    const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
      is(value, PgTable),
    )
    const counts = await Promise.all(tables.map((table) => handle.db.$count(table)))
    return tables.filter((_, index) => counts[index] === 0).map((table) => getTableConfig(table).name)
  } finally {
    await handle.close()
  }
}

describe('upgrade fixtures', () => {
  it('include one made by the newest migration', () => {
    // Every schema change adds a fixture (`npm run upgrade-fixture`), so the next one is tested from it.
    expect(fixtures).toContain(tags.at(-1))
    for (const fixture of fixtures) expect(tags).toContain(fixture)
  })
})

/**
 * Every fixture on PostgreSQL. On PGlite the oldest, whose upgrade runs every later migration on the embedded
 * database, and the newest: the same migrations again from the fixtures between took 3-4 s each and found
 * nothing the PostgreSQL runs and the oldest's chain do not.
 */
const fixturesOf = (driver: (typeof drivers)[number]) =>
  driver === 'postgres'
    ? fixtures
    : [...new Set([fixtures[0], fixtures.at(-1)])].filter((tag) => tag !== undefined)

describe.each(drivers)('a database of an earlier release on %s', (driver) => {
  it.each(fixturesOf(driver))(
    'migrates from %s and the server reads its data',
    {
      timeout: 120_000,
    },
    async (tag) => {
      const target = await createTestDatabase(driver)
      try {
        await loadFixture(target.database, tag, target.dataDir)
        const server = await startServer(
          testAppConfig(target.dataDir, { database: target.database, keyEncryptionKey: upgradeFixtureKey }),
          {
            logger: pino({ level: 'silent' }),
            renderWorkers: 1,
            staticDir: target.dataDir,
          },
        )
        try {
          const url = server.url
          const signIn = async ({ email, password }: { email: string; password: string }) =>
            (
              await readJson<{ token: string }>(
                await callApi(url, 'POST', apiPaths.login(), undefined, { email, password }),
              )
            ).token
          const owner = await signIn(fixtureData.owner)
          const signer = await signIn(fixtureData.signer)

          const user = await readJson<{ email: string; firstName: string; business: { id: string } | null }>(
            await callApi(url, 'GET', apiPaths.user(), owner),
          )
          expect(user).toMatchObject({ email: fixtureData.owner.email, firstName: 'Ada' })
          const businessId = user.business?.id ?? ''
          expect(
            await readJson(await callApi(url, 'GET', businessPaths.business(businessId), owner)),
          ).toMatchObject({ name: fixtureData.business })
          const { seals } = await readJson<{ seals: { name: string }[] }>(
            await callApi(url, 'GET', sealPaths.seals(businessId), owner),
          )
          expect(seals.map((seal) => seal.name)).toEqual([fixtureData.seal])
          const { apiUsers } = await readJson<{ apiUsers: { username: string }[] }>(
            await callApi(url, 'GET', apiUserPaths.apiUsers(businessId), owner),
          )
          expect(apiUsers.map((apiUser) => apiUser.username)).toEqual(['muster-api'])

          // The signer finds the request the owner signed, waiting for their signature.
          const list = await readJson<{ items: { id: string; title: string }[] }>(
            await callApi(url, 'GET', apiPaths.signatureRequests(), signer),
          )
          expect(list.items.map((request) => request.title)).toEqual([fixtureData.request])
          const requestId = list.items[0]?.id ?? ''
          const request = await readJson<{
            statusOverall: string
            message: string
            documents: { title: string }[]
            signatures: { accountEmail: string; status: string }[]
          }>(await callApi(url, 'GET', apiPaths.signatureRequest(requestId), owner))
          expect(request).toMatchObject({
            statusOverall: 'OPEN',
            message: 'Please sign by Friday.',
            documents: [{ title: 'Lease' }],
          })
          expect(request.signatures.map(({ accountEmail, status }) => [accountEmail, status])).toEqual([
            [fixtureData.owner.email, 'SIGNED'],
            [fixtureData.signer.email, 'OPEN'],
          ])
          const { events } = await readJson<{ events: { type: string }[] }>(
            await callApi(url, 'GET', apiPaths.signatureRequestEvents(requestId), owner),
          )
          expect(events.map((event) => event.type)).toEqual([
            'created',
            'document_added',
            'initiated',
            'signed',
          ])
        } finally {
          await server.close()
        }
        // A table the fixture leaves empty would go untested: the newest fixture fills every table.
        if (tag === tags.at(-1)) expect(await emptyTables(target.database)).toEqual([])
      } finally {
        await target.drop()
      }
    },
  )
})
