/**
 * Cold start of the real server: spawns `node server/index.ts` with a fresh DATA_DIR (so the embedded
 * database is created from nothing) on a free port, and measures the time until `GET /api/v1/datetime`
 * first answers 200. Prints each run and the median; the goal is under 3 s.
 *
 * Run: node bench/cold-start.ts [runs]
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { apiPaths, apiUrl } from '../contract/paths.ts'

const entry = fileURLToPath(new URL('../server/index.ts', import.meta.url))
const runs = Number(process.argv[2] ?? 5)
const giveUpAfterMs = 60_000

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url)
    await response.body?.cancel()
    return response.status === 200
  } catch {
    return false
  }
}

async function coldStart(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'signet-bench-'))
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
    await rm(dataDir, { recursive: true, force: true })
  }
}

const times: number[] = []
for (let run = 1; run <= runs; run++) {
  const ms = await coldStart()
  times.push(ms)
  console.log(`run ${run}: ${(ms / 1000).toFixed(2)} s`)
}
const sorted = [...times].sort((a, b) => a - b)
const middle = Math.floor(sorted.length / 2)
const median =
  sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
console.log(`median of ${runs}: ${(median / 1000).toFixed(2)} s (goal: under 3 s)`)
