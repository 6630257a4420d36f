/**
 * The API under the load QA measured (issue 34): 200 clients, each signed in as a user of its own, calling
 * back to back on the mix the app makes: 40 % the request list, 20 % one request, 15 % a page image, 15 % a
 * request's events, 10 % the user. On PostgreSQL (TEST_DATABASE_URL's server, a database of its own, skipped
 * when none answers) with one server process and with two sharing it (each client keeps to one, as behind a
 * balancer), then on the embedded database. Prints, per setup:
 * - each kind alone, the same clients calling only it: the server's CPU time per call, read from /proc (the
 *   figure that does not depend on the machine's load, and says how many calls a core answers);
 * - the mix for the time asked: per kind the calls and their p50 and p99, the server's CPU time per call of
 *   the mix, the calls a second and the errors (any answer but 200, or a broken connection).
 * The load generator runs on the same machine, as QA's did. Asserts nothing.
 *
 * Users, sessions, requests (a three-page document, two signers and their events each) are written straight
 * into the database, and every page's image into the file store, before the real server starts on them.
 *
 * Run: node bench/load-mix.ts [seconds of the mix, default 60] [clients, default 200] [setups, default
 * postgres,postgres2,embedded]. With CPU_PROF=<dir>, each server writes its CPU profile there when it stops.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { apiPaths, apiUrl } from '../contract/paths.ts'
import type { DatabaseConfig } from '../server/config.ts'
import { signatureRequestEvents } from '../server/db/schema/signature-requests.ts'
import { pageImageKey } from '../server/storage/storage-keys.ts'
import { createTestDatabase } from '../tests/server/test-database.ts'
import { type DatabaseServer, startDatabaseServer } from './database-server.ts'
import { ms, percentile } from './figures.ts'
import {
  insertRequests,
  insertSignedInUsers,
  type SeededAccount,
  seedDatabase,
  seededPageCount,
} from './seed-rows.ts'

const mixSeconds = Number(process.argv[2] ?? 60)
const clientCount = Number(process.argv[3] ?? 200)
const setups = (process.argv[4] ?? 'postgres,postgres2,embedded').split(',')
const cpuProfDir = process.env.CPU_PROF
/** Each kind alone runs this long: enough calls for a steady CPU figure. */
const kindSeconds = Math.min(10, Math.max(3, mixSeconds / 6))
const warmUpSeconds = Math.min(5, mixSeconds / 4)
const requestsPerUser = 25

type Kind = 'list' | 'request' | 'page' | 'events' | 'user'
const kinds: readonly Kind[] = ['list', 'request', 'page', 'events', 'user']
/** QA's mix: what share of the calls each kind is. */
const shares: Record<Kind, number> = { list: 0.4, request: 0.2, page: 0.15, events: 0.15, user: 0.1 }
const labels: Record<Kind, string> = {
  list: 'GET /v3/signature-requests',
  request: 'GET /v3/signature-requests/{id}',
  page: 'GET /v3/documents/{id}/pages/{n}',
  events: 'GET /v3/signature-requests/{id}/events',
  user: 'GET /v1/user',
}

/** A signed-in user and what they may open: the requests they own or sign, and those requests' documents. */
type Account = SeededAccount & { requests: string[]; documents: string[] }

const statuses = ['OPEN', 'OPEN', 'OPEN', 'SIGNED', 'SIGNED', 'DECLINED', 'WITHDRAWN'] as const
const eventTypes = ['created', 'document_added', 'signer_added', 'signer_added', 'initiated'] as const

/**
 * One user per client with a session; each owns {@link requestsPerUser} requests, sent to two other users, so
 * that each sees about 75 in their list. Every document has its own content (hash), whose pages are stored
 * as one page image, linked under every key.
 */
async function seed(database: DatabaseConfig, dataDir: string): Promise<Account[]> {
  const started = performance.now()
  const now = new Date()
  const page = await pageImage()
  const pageFile = join(dataDir, 'page.webp')
  await writeFile(pageFile, page)
  const accounts = await seedDatabase(database, async (db) => {
    const people = Array.from({ length: clientCount }, (_, index) => ({
      email: `mix${index}@example.com`,
      firstName: 'Mix',
      lastName: `User ${index}`,
    }))
    const signedIn: Account[] = (await insertSignedInUsers(db, people, now)).map((account) => ({
      ...account,
      requests: [],
      documents: [],
    }))
    for (const [ownerIndex, owner] of signedIn.entries()) {
      const signers = [1, 2].map((step) => signedIn[(ownerIndex + step * 7) % signedIn.length] as Account)
      const hashes = Array.from({ length: requestsPerUser }, () => randomBytes(32).toString('hex'))
      const requestRows = await insertRequests(
        db,
        hashes.map((sha256, index) => ({
          owner,
          title: `Service agreement ${ownerIndex}-${index}`,
          message: 'Please sign the attached agreement.',
          status: statuses[index % statuses.length] ?? 'OPEN',
          createdAt: new Date(now.getTime() - (ownerIndex * requestsPerUser + index) * 3_600_000),
          sha256,
          signers,
        })),
      )
      await db.insert(signatureRequestEvents).values(
        requestRows.flatMap((row) =>
          eventTypes.map((type, step) => ({
            requestId: row.id,
            actorId: owner.id,
            type,
            detail: type === 'signer_added' ? { accountEmail: signers[0]?.email } : {},
            ip: '203.0.113.7',
            createdAt: new Date(row.createdAt.getTime() + step * 60_000),
          })),
        ),
      )
      for (const who of [owner, ...signers]) {
        who.requests.push(...requestRows.map((row) => row.id))
        who.documents.push(...requestRows.map((row) => row.documentId))
      }
      for (const hash of hashes) {
        for (let index = 0; index < seededPageCount; index++) {
          const key = join(dataDir, 'files', ...pageImageKey(hash, index, 100).split('/'))
          await mkdir(dirname(key), { recursive: true })
          await link(pageFile, key)
        }
      }
    }
    return signedIn
  })
  console.log(
    `seeded ${clientCount} users, ${clientCount * requestsPerUser} requests (a ${seededPageCount}-page document, two signers and ${eventTypes.length} events each), page images of ${Math.round(page.length / 1024)} KB in ${ms(performance.now() - started)}`,
  )
  return accounts
}

/** A page image as the renderer makes one (A4 at scale 100, WebP quality 80): paragraphs of text on white. */
async function pageImage(): Promise<Buffer> {
  const words = 'the parties agree that this service agreement governs all work performed under it'.split(' ')
  const lines: string[] = []
  for (let line = 0; line < 50; line++) {
    // A paragraph ends every sixth line.
    if (line % 6 === 5) continue
    const text = Array.from({ length: 14 }, (_, word) => words[(line * 7 + word * 3) % words.length]).join(
      ' ',
    )
    lines.push(`<text x="70" y="${100 + line * 20}" font-family="sans-serif" font-size="13">${text}</text>`)
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="794" height="1123"><rect width="100%" height="100%" fill="white"/>${lines.join('')}</svg>`
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer()
}

/** The CPU time (user and system) the processes have used so far, in milliseconds, from /proc. */
function cpuMs(pids: readonly number[]): number {
  let total = 0
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  }
  return total
}

/** One call's outcome. */
type Call = { kind: Kind; ms: number; ok: boolean }

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T

function pathOf(kind: Kind, account: Account): string {
  switch (kind) {
    case 'list':
      return apiPaths.signatureRequests()
    case 'request':
      return apiPaths.signatureRequest(pick(account.requests))
    case 'page':
      return apiPaths.documentPage(pick(account.documents), Math.floor(Math.random() * seededPageCount))
    case 'events':
      return apiPaths.signatureRequestEvents(pick(account.requests))
    case 'user':
      return apiPaths.user()
  }
}

function drawKind(): Kind {
  let left = Math.random()
  for (const kind of kinds) {
    left -= shares[kind]
    if (left < 0) return kind
  }
  return 'list'
}

/** One GET as a browser makes it: on the client's kept-open connection, gzip accepted, the answer read whole. */
function callOnce(base: string, path: string, token: string, agent: Agent): Promise<boolean> {
  return new Promise((resolve) => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' }
    request(`${base}${apiUrl(path)}`, { agent, headers }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode === 200))
      response.on('error', () => resolve(false))
    })
      .on('error', () => resolve(false))
      .end()
  })
}

/**
 * `clientCount` clients calling back to back for `seconds` (and at most 2,000 calls a second), each as its
 * own user on its own connection, client `i` to server `i mod n`; `only` a kind, or the mix.
 */
async function load(bases: readonly string[], accounts: Account[], seconds: number, only?: Kind) {
  const calls: Call[] = []
  const ends = performance.now() + seconds * 1000
  const most = seconds * 2000
  await Promise.all(
    accounts.map(async (account, client) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      const base = bases[client % bases.length] as string
      while (performance.now() < ends && calls.length < most) {
        const kind = only ?? drawKind()
        const started = performance.now()
        const ok = await callOnce(base, pathOf(kind, account), account.token, agent)
        calls.push({ kind, ms: performance.now() - started, ok })
      }
      agent.destroy()
    }),
  )
  return calls
}

/** Warms the servers up, measures each kind alone for its CPU time per call, then the mix. */
async function measure(label: string, servers: DatabaseServer[], accounts: Account[]): Promise<void> {
  const bases = servers.map((server) => server.url)
  const pids = servers.map((server) => server.pid)
  await load(bases, accounts, warmUpSeconds)
  const cpuPerCall = new Map<Kind, number>()
  for (const kind of kinds) {
    const before = cpuMs(pids)
    const calls = await load(bases, accounts, kindSeconds, kind)
    cpuPerCall.set(kind, (cpuMs(pids) - before) / calls.length)
  }
  const before = cpuMs(pids)
  const started = performance.now()
  const calls = await load(bases, accounts, mixSeconds)
  const seconds = (performance.now() - started) / 1000
  const cpu = cpuMs(pids) - before
  const errors = calls.filter((call) => !call.ok).length
  console.log(`\n${label}: ${clientCount} clients back to back, ${mixSeconds} s of the mix`)
  for (const kind of kinds) {
    const latencies = calls.filter((call) => call.kind === kind).map((call) => call.ms)
    console.log(
      `  ${labels[kind].padEnd(40)} ${String(latencies.length).padStart(6)} calls, p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, CPU ${ms(cpuPerCall.get(kind) ?? Number.NaN)}/call alone`,
    )
  }
  const all = calls.map((call) => call.ms)
  console.log(
    `  mix: ${Math.round(calls.length / seconds)} calls/s, p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, server CPU ${ms(cpu / calls.length)}/call, ${errors} errors`,
  )
}

/**
 * Seeds the database, then for each of `processCounts` starts that many servers on it, one after the other
 * (the first creates the PKI), and measures.
 */
async function run(label: string, dataDir: string, database: DatabaseConfig, processCounts: number[]) {
  if (processCounts.length === 0) return
  const accounts = await seed(database, dataDir)
  for (const processes of processCounts) {
    const servers: DatabaseServer[] = []
    try {
      for (let index = 0; index < processes; index++)
        servers.push(
          await startDatabaseServer(dataDir, database, {
            // The default level, as deployed: each call is logged (to nowhere here, as a pipe that keeps up).
            logLevel: 'info',
            nodeArgs: cpuProfDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`],
          }),
        )
      await measure(`${label}, ${processes} process${processes > 1 ? 'es' : ''}`, servers, accounts)
    } finally {
      await Promise.all(servers.map((server) => server.stop()))
    }
  }
}

const postgresProcesses = [1, 2].filter((n) => setups.includes(n === 1 ? 'postgres' : `postgres${n}`))
const postgres =
  postgresProcesses.length === 0
    ? undefined
    : await createTestDatabase('postgres').catch((error: unknown) => {
        console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`)
        return undefined
      })
if (postgres !== undefined) {
  try {
    await run('PostgreSQL', postgres.dataDir, postgres.database, postgresProcesses)
  } finally {
    await postgres.drop()
  }
}

if (setups.includes('embedded')) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-mix-'))
  try {
    await run('Embedded database', dataDir, { driver: 'pglite', dir: join(dataDir, 'db') }, [1])
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}
