import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import type { AppConfig, DatabaseConfig } from '../../server/config.ts'
import { type RunningServer, type StartServerOptions, startServer } from '../../server/server.ts'
import { testAppConfig } from './test-app-config.ts'
import { createTestDatabase, type Driver } from './test-database.ts'

/** Content of the fake built app that {@link startTestServer} serves. */
export const builtApp = {
  index: '<!doctype html><title>Signet test</title><div id="root"></div>',
  assetPath: '/assets/main-Ab12Cd34.js',
  asset: 'console.log("signet")',
}

/** A real server on a free port with its own database and a fake built app; `stop()` removes all of it. */
export type TestServer = RunningServer & {
  staticDir: string
  /** DATA_DIR of the server: its stored files, temp uploads and outbox. */
  dataDir: string
  /** Its database, for an operator's command run beside it (PostgreSQL only: PGlite has one user). */
  database: DatabaseConfig
  stop(): Promise<void>
}

/** Starts the real server in-process on port 0 with a fresh database of `driver`; `overrides` change its configuration. */
export async function startTestServer(
  driver: Driver,
  options: Omit<StartServerOptions, 'logger' | 'staticDir'> = {},
  overrides: Partial<Omit<AppConfig, 'dataDir' | 'database'>> = {},
): Promise<TestServer> {
  const testDatabase = await createTestDatabase(driver, { migrated: true })
  const staticDir = await mkdtemp(join(tmpdir(), 'signet-dist-'))
  await mkdir(join(staticDir, 'assets'))
  await writeFile(join(staticDir, 'index.html'), builtApp.index)
  await writeFile(join(staticDir, builtApp.assetPath), builtApp.asset)
  const config = testAppConfig(testDatabase.dataDir, { database: testDatabase.database, ...overrides })
  const cleanUp = async () => {
    await testDatabase.drop()
    await rm(staticDir, { recursive: true, force: true })
  }
  const server = await startServer(config, {
    // One page render worker is plenty for a test and keeps many test servers light.
    renderWorkers: 1,
    ...options,
    logger: pino({ level: 'silent' }),
    staticDir,
  }).catch(async (error: unknown) => {
    await cleanUp()
    throw error
  })
  return {
    ...server,
    staticDir,
    dataDir: testDatabase.dataDir,
    database: testDatabase.database,
    stop: async () => {
      await server.close()
      await cleanUp()
    },
  }
}
