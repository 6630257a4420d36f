import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { apiPaths, apiUrl } from '../../contract/paths.ts'
import { createTestDatabase, drivers } from './test-database.ts'

const entry = fileURLToPath(new URL('../../server/index.ts', import.meta.url))

type Exit = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/** Runs `node server/index.ts` with `env` added to a clean environment. */
function spawnServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /^Signet listening on (http:\/\/\S+)$/m.exec(stdout)
      if (match?.[1]) resolve(match[1])
    })
    void exited.then((exit) => reject(new Error(`server exited before listening: ${JSON.stringify(exit)}`)))
  })
  // Only the tests that wait for the listening line care that it never came.
  listening.catch(() => undefined)
  return { child, exited, listening }
}

function kill(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

describe.each(drivers)('node server/index.ts on %s', (driver) => {
  it('creates DATA_DIR, serves, and exits 0 on SIGTERM', { timeout: 60_000 }, async () => {
    const testDatabase = await createTestDatabase(driver)
    const dataDir = join(testDatabase.dataDir, 'not-yet-there')
    const databaseUrl = testDatabase.database.driver === 'postgres' ? testDatabase.database.url : ''
    const server = spawnServer({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl })
    try {
      const url = await server.listening
      const response = await fetch(`${url}${apiUrl(apiPaths.datetime())}`)
      expect(response.status).toBe(200)
      expect(existsSync(dataDir)).toBe(true)
      expect(existsSync(join(dataDir, 'db'))).toBe(driver === 'pglite')

      server.child.kill('SIGTERM')
      const exit = await server.exited
      expect(exit).toMatchObject({ code: 0, signal: null })
      expect(exit.stdout).toContain('SIGTERM received')
    } finally {
      kill(server.child)
      await testDatabase.drop()
    }
  })
})

describe('node server/index.ts stopped while it starts', () => {
  it('finishes creating the embedded database, exits 0, and starts again from it', {
    timeout: 90_000,
  }, async () => {
    const testDatabase = await createTestDatabase('pglite')
    const env = { PORT: '0', DATA_DIR: testDatabase.dataDir }
    const first = spawnServer(env)
    try {
      // The database directory appears when its creation begins, long before the server listens.
      while (!existsSync(join(testDatabase.dataDir, 'db'))) {
        if (first.child.exitCode !== null) throw new Error('server exited early')
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      first.child.kill('SIGTERM')
      const exit = await first.exited
      expect(exit).toMatchObject({ code: 0, signal: null })
      expect(exit.stdout).toContain('SIGTERM received')

      const second = spawnServer(env)
      try {
        const url = await second.listening
        expect((await fetch(`${url}${apiUrl(apiPaths.health())}`)).status).toBe(200)
        second.child.kill('SIGINT')
        expect(await second.exited).toMatchObject({ code: 0 })
      } finally {
        kill(second.child)
      }
    } finally {
      kill(first.child)
      await testDatabase.drop()
    }
  })
})

describe('node server/index.ts with a wrong configuration', () => {
  it.each([
    ['PORT', 'http'],
    ['APP_MODE', 'live'],
    ['DATABASE_URL', 'sqlite://signet.db'],
  ])('prints what is wrong with %s and exits 1 at once', { timeout: 20_000 }, async (variable, value) => {
    const started = performance.now()
    const server = spawnServer({ [variable]: value, DATA_DIR: '/nonexistent/never-created' })
    const exit = await server.exited
    expect(exit.code).toBe(1)
    expect(exit.stderr).toMatch(new RegExp(`^Invalid configuration: ${variable} must be`))
    expect(exit.stdout).toBe('')
    expect(performance.now() - started).toBeLessThan(10_000)
  })
})
