/**
 * The request list under load: `GET /v3/signature-requests` (the dashboard's default call: all filters
 * off, page 0, 20 items, newest first) with 100,000 requests in the embedded database, then with 1,000,000
 * on PostgreSQL (TEST_DATABASE_URL's server, in a database of its own, skipped when none answers), and 50
 * concurrent clients, each signed in as a different user. Prints, with the query plans of the list's queries:
 * - one client alone;
 * - 50 clients at once, each calling about once a second like a user refreshing, searching and paging
 *   (a random pause of 0.5 to 1.5 s between its calls): p50 and p95 against the goal, p95 under 25 ms;
 * - 50 clients calling back to back: the most calls a second the server answers. At that saturation every
 *   call waits for the ones queued before it, so its latency is the queue's length, not the call's cost.
 * Asserts nothing.
 *
 * The rows are written straight into the database in large batches before the real server starts on it,
 * in its own process, so the load generator does not share its event loop.
 *
 * Run: node bench/list-latency.ts [embedded requests] [PostgreSQL requests] [clients] [calls]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { Agent, get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { apiPaths, apiUrl } from '../contract/paths.ts'
import { signatureRequestListQuerySchema } from '../contract/signature-requests.ts'
import type { DatabaseConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/open-database.ts'
import { signatureRequestListQueriesFor } from '../server/signature-requests/list-signature-requests.ts'
import { createTestDatabase } from '../tests/server/test-database.ts'
import { startDatabaseServer } from './database-server.ts'
import { ms, percentile } from './figures.ts'
import { insertRequests, insertSignedInUsers, type SeededAccount, seedDatabase } from './seed-rows.ts'

const embeddedCount = Number(process.argv[2] ?? 100_000)
const postgresCount = Number(process.argv[3] ?? 1_000_000)
const clientCount = Number(process.argv[4] ?? 50)
const callCount = Number(process.argv[5] ?? 1_500)
const userCount = 1_000
const batchSize = 5_000
const statuses = [
  'DRAFT',
  'OPEN',
  'OPEN',
  'OPEN',
  'SIGNED',
  'SIGNED',
  'SIGNED',
  'DECLINED',
  'WITHDRAWN',
] as const

/**
 * 1,000 users with a session each; every request has a document, an owner and two signers among them, so
 * that each user owns ~100 and signs ~200.
 */
async function seed(database: DatabaseConfig, requestCount: number): Promise<SeededAccount[]> {
  const started = performance.now()
  const now = new Date()
  const accounts = await seedDatabase(database, async (db) => {
    const people = Array.from({ length: userCount }, (_, index) => ({ email: `user${index}@example.com` }))
    const signedIn = await insertSignedInUsers(db, people, now)
    const account = (index: number) => signedIn[index % userCount] as SeededAccount
    for (let first = 0; first < requestCount; first += batchSize) {
      await insertRequests(
        db,
        Array.from({ length: Math.min(batchSize, requestCount - first) }, (_, offset) => {
          const index = first + offset
          return {
            owner: account(index),
            title: `Request ${index}`,
            status: statuses[index % statuses.length] ?? 'OPEN',
            // Spread over two years, so that newest-first has to choose among many.
            createdAt: new Date(now.getTime() - ((index * 7919) % (2 * 365 * 24 * 60)) * 60_000),
            sha256: 'a'.repeat(64),
            signers: [account(index + 37), account(index + 2 * 37)],
          }
        }),
      )
    }
    return signedIn
  })
  console.log(
    `seeded ${requestCount} requests (a document and two signers each), ${userCount} users in ${ms(performance.now() - started)}`,
  )
  return accounts
}

/** Prints the plans of the list's queries for one user (~100 owned, ~200 signed). */
async function explainList(database: DatabaseConfig, caller: SeededAccount): Promise<void> {
  const handle = await openDatabase(database)
  const { db } = handle
  const queries = signatureRequestListQueriesFor(
    db,
    { userId: caller.id, email: caller.email, ip: 'bench', groupIds: [] },
    v.parse(signatureRequestListQuerySchema, {}),
  )
  for (const [name, query] of Object.entries({ page: queries.page, total: queries.total })) {
    const result = (await db.execute(sql`explain analyze ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[]
    }
    const plan = result.rows.map((row) => row['QUERY PLAN'])
    const scans = plan
      .filter((line) => /Seq Scan|Index Scan|Index Only Scan/.test(line))
      .map((line) => line.trim())
    const time = plan.find((line) => line.startsWith('Execution Time'))
    console.log(
      `  ${name} query: ${time}; ${scans.map((scan) => scan.replace(/\s+\(cost.*$/, '')).join('; ')}`,
    )
  }
  await handle.close()
}

/**
 * One GET of the list as `token`; answers its latency. Through `agent`, a connection kept open between
 * calls as a browser keeps it; without, a connection of its own, closed after the answer: while the
 * embedded database works through a long queue the server's event loop does not get to read sockets, and
 * an idle connection's keep-alive timer would fire first and reset it.
 */
function listOnce(url: URL, token: string, agent?: Agent): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const headers = {
      authorization: `Bearer ${token}`,
      ...(agent === undefined ? { connection: 'close' } : {}),
    }
    const request = get(url, { agent: agent ?? false, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        if (response.statusCode === 200) resolve(performance.now() - started)
        else reject(new Error(`list answered ${response.statusCode}: ${Buffer.concat(chunks).toString()}`))
      })
    })
    request.on('error', reject)
  })
}

/**
 * Between a user's calls: none (back to back), or a random 0.5 to 1.5 s (about one call a second), each
 * user on a connection of their own kept open between calls, as a browser does.
 */
type Pace = 'back-to-back' | 'user'

/** `calls` list calls spread over `clients` concurrent clients, each its own user; their latencies. */
async function load(
  url: string,
  accounts: SeededAccount[],
  clients: number,
  calls: number,
  pace: Pace = 'back-to-back',
): Promise<number[]> {
  const listUrl = new URL(`${url}${apiUrl(apiPaths.signatureRequests())}`)
  const latencies: number[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const account = accounts[(client * 17) % accounts.length] as SeededAccount
      const agent = pace === 'user' ? new Agent({ keepAlive: true, maxSockets: 1 }) : undefined
      while (next < calls) {
        next++
        if (pace === 'user') await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1000))
        latencies.push(await listOnce(listUrl, account.token, agent))
      }
      agent?.destroy()
    }),
  )
  return latencies
}

/** Warms the server up, then measures one client alone, `clientCount` users at once, and saturation. */
async function measure(
  label: string,
  dataDir: string,
  database: DatabaseConfig,
  accounts: SeededAccount[],
): Promise<void> {
  const server = await startDatabaseServer(dataDir, database, { logLevel: 'warn' })
  try {
    await load(server.url, accounts, clientCount, 200)
    const single = await load(server.url, accounts, 1, 200)
    const users = await load(server.url, accounts, clientCount, callCount, 'user')
    const started = performance.now()
    const saturated = await load(server.url, accounts, clientCount, callCount)
    const seconds = (performance.now() - started) / 1000
    const figures = (latencies: number[]) =>
      `p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}`
    console.log(`\n${label}`)
    console.log(`  1 client: ${figures(single)}`)
    console.log(
      `  ${clientCount} users at once, about one call a second each: ${figures(users)} (goal p95 < 25 ms)`,
    )
    console.log(
      `  ${clientCount} clients back to back: ${Math.round(saturated.length / seconds)} calls/s, ${figures(saturated)}`,
    )
  } finally {
    await server.stop()
  }
}

/** Seeds `requestCount` requests into `database`, prints the plans and measures the server on it. */
async function run(label: string, dataDir: string, database: DatabaseConfig, requestCount: number) {
  console.log(`\n${label}`)
  const accounts = await seed(database, requestCount)
  console.log('plans of the list queries:')
  await explainList(database, accounts[0] as SeededAccount)
  await measure(
    `GET /v3/signature-requests with ${requestCount} requests ${label}:`,
    dataDir,
    database,
    accounts,
  )
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-list-'))
try {
  await run(
    'in the embedded database',
    dataDir,
    { driver: 'pglite', dir: join(dataDir, 'db') },
    embeddedCount,
  )
} finally {
  await rm(dataDir, { recursive: true, force: true })
}

const postgres = await createTestDatabase('postgres').catch((error: unknown) => {
  console.log(`\nPostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`)
  return undefined
})
if (postgres !== undefined) {
  try {
    await run('on PostgreSQL', postgres.dataDir, postgres.database, postgresCount)
  } finally {
    await postgres.drop()
  }
}
