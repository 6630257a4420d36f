/**
 * Cold start of the real server: spawns `node server/index.ts` on a free port with a fresh DATA_DIR, then
 * again on the same DATA_DIR, and measures the time until `GET /api/v1/datetime` first answers 200.
 * Prints each run and the medians; the goal is under 3 s.
 *
 * Run: node bench/cold-start.ts [runs]
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { apiPaths, apiUrl } from '../contract/paths.ts'
import { ensurePgliteTemplate } from '../server/db/pglite-template.ts'
import { freePort } from './figures.ts'

const entry = fileURLToPath(new URL('../server/index.ts', import.meta.url))
const runs = Number(process.argv[2] ?? 5)
const giveUpAfterMs = 60_000

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url)
    await response.body?.cancel()
    return response.status === 200
  } catch {
    return false
  }
}

async function coldStart(dataDir: string): Promise<number> {
  const port = await freePort()
  const url = `http://localhost:${port}${apiUrl(apiPaths.datetime())}`
  const started = performance.now()
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    while (!(await answers(url))) {
      if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
      if (performance.now() - started > giveUpAfterMs) throw new Error('server did not answer within 60 s')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return performance.now() - started
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

// A first start creates the database (from the template of server/db/pglite-template.ts when
// npm run build or the tests made one); a restart opens the existing one.
await ensurePgliteTemplate()
const first: number[] = []
const restart: number[] = []
for (let run = 1; run <= runs; run++) {
  const dataDir = await mkdtemp(join(tmpdir(), 'signet-bench-'))
  try {
    first.push(await coldStart(dataDir))
    restart.push(await coldStart(dataDir))
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
  console.log(
    `run ${run}: first start ${((first.at(-1) ?? 0) / 1000).toFixed(2)} s, restart ${((restart.at(-1) ?? 0) / 1000).toFixed(2)} s`,
  )
}
console.log(
  `cold start, median of ${runs}: first start ${(median(first) / 1000).toFixed(2)} s, restart ${(median(restart) / 1000).toFixed(2)} s (goal: under 3 s)`,
)
