import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { apiPaths, apiUrl } from '../contract/paths.ts'
import type { DatabaseConfig } from '../server/config.ts'
import { freePort } from './figures.ts'

const entry = fileURLToPath(new URL('../server/index.ts', import.meta.url))

/** The real server in a process of its own, so that a load generator does not share its event loop. */
export type DatabaseServer = { url: string; pid: number; stop: () => Promise<void> }

/**
 * Starts the server on a free port with `dataDir` and `database` (seeded before), logging at `logLevel`, with
 * `nodeArgs` for Node (a CPU profile, say), and waits until it answers its health check.
 */
export async function startDatabaseServer(
  dataDir: string,
  database: DatabaseConfig,
  { logLevel, nodeArgs = [] }: { logLevel: 'info' | 'warn'; nodeArgs?: readonly string[] },
): Promise<DatabaseServer> {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.driver === 'postgres' ? database.url : '',
      LOG_LEVEL: logLevel,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null || tries > 1200) {
      child.kill('SIGTERM')
      throw new Error(`server did not start (exit code ${child.exitCode})`)
    }
    const ok = await fetch(`${url}${apiUrl(apiPaths.health())}`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}
