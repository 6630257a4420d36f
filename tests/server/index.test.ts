import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiPaths, apiUrl } from '../../contract/paths.ts'
import { kill, spawnServer } from './spawn-server.ts'
import { createTestDatabase, drivers } from './test-database.ts'

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
    ['KEY_ENCRYPTION_KEY', 'c2hvcnQ='],
  ])('prints what is wrong with %s and exits 1 at once', { timeout: 20_000 }, async (variable, value) => {
    const started = performance.now()
    const server = spawnServer({ [variable]: value, DATA_DIR: '/nonexistent/never-created' })
    const exit = await server.exited
    expect(exit.code).toBe(1)
    expect(exit.stderr).toMatch(new RegExp(`^Invalid configuration: ${variable} must be`))
    expect(exit.stdout).toBe('')
    expect(performance.now() - started).toBeLessThan(10_000)
  })

  it('refuses to start in production without KEY_ENCRYPTION_KEY', { timeout: 20_000 }, async () => {
    const server = spawnServer({ APP_MODE: 'production', DATA_DIR: '/nonexistent/never-created' })
    const exit = await server.exited
    expect(exit.code).toBe(1)
    expect(exit.stderr).toBe(
      'Invalid configuration: KEY_ENCRYPTION_KEY must be set in production: 32 random bytes in base64 (openssl rand -base64 32), which seal the private keys at rest\n',
    )
  })
})
