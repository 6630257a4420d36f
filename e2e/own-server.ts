// Starts a server of its own for a spec whose state (the status page, the outbox) must not leak into the
// specs that share the two servers of playwright.config.ts while they run in parallel.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createServer } from 'node:net'
import pg from 'pg'

// serve.ts derives PUBLIC_URL (the links in mails) from the port, so the port is chosen here, not by the OS later.
async function freePort(): Promise<number> {
  const probe = createServer().listen(0)
  await once(probe, 'listening')
  const address = probe.address()
  probe.close()
  if (address === null || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/** A server started by {@link startOwnServer}. */
export type OwnServer = { url: string; stop(): Promise<void> }

/** Starts `e2e/serve.ts` in `mode` on a free port with extra environment variables; resolves once it answers. */
export async function startOwnServer(
  mode: 'staging' | 'production',
  env: Record<string, string> = {},
): Promise<OwnServer> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['e2e/serve.ts', mode, String(port)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Signet listening on')) {
        clearTimeout(timer)
        resolve(`http://localhost:${port}`)
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** A server of its own on a PostgreSQL database of its own, whose rows a spec may write as an operator would. */
export type OwnDatabaseServer = OwnServer & {
  /**
   * The server's database, for an operator's command run beside it, or a spec that holds a transaction open
   * on it as another process would.
   */
  databaseUrl: string
  /** Runs one statement on the server's database. */
  query(sql: string, params?: unknown[]): Promise<void>
}

/**
 * Starts `e2e/serve.ts` in staging on a new database of TEST_DATABASE_URL's PostgreSQL server, for a spec that
 * needs rows the app no longer makes (an account from before a rule); stopping it drops the database.
 */
export async function startOwnServerOnDatabase(env: Record<string, string> = {}): Promise<OwnDatabaseServer> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const database = `signet_e2e_${randomBytes(6).toString('hex')}`
  const run = async (connectionString: string, sql: string, params?: unknown[]) => {
    const client = new pg.Client({ connectionString })
    await client.connect()
    try {
      await client.query(sql, params)
    } finally {
      await client.end()
    }
  }
  await run(adminUrl, `create database ${database}`)
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  const server = await startOwnServer('staging', { ...env, DATABASE_URL: url.href })
  return {
    url: server.url,
    databaseUrl: url.href,
    query: (sql, params) => run(url.href, sql, params),
    async stop() {
      await server.stop()
      await run(adminUrl, `drop database if exists ${database}`)
    },
  }
}
