import { createHash, createSecretKey } from 'node:crypto'
import { join } from 'node:path'
import type { AppConfig } from '../../server/config.ts'

/**
 * The configuration tests run the app with: development mode, no logs, the status page as a file in
 * `dataDir` and PGlite there too unless `overrides` name another database; in production a key-encryption key
 * of `dataDir`'s own, which production requires (elsewhere the key file in `dataDir`); `overrides` for the rest.
 */
export function testAppConfig(
  dataDir: string,
  overrides: Partial<Omit<AppConfig, 'dataDir'>> = {},
): AppConfig {
  return {
    port: 0,
    dataDir,
    database: { driver: 'pglite', dir: dataDir },
    appMode: 'development',
    publicUrl: 'http://localhost',
    logLevel: 'silent',
    statusPage: { kind: 'file', path: join(dataDir, 'status.json') },
    maintenanceBlockingPattern: '^(Signing|Platform)',
    termsVersion: '2026-01',
    errorReporting: null,
    ...(overrides.appMode === 'production' ? { keyEncryptionKey: testKeyEncryptionKey(dataDir) } : {}),
    ...overrides,
  }
}

/** The key-encryption key of the test server in production on `dataDir`: the same at each start there. */
export function testKeyEncryptionKey(dataDir: string) {
  return createSecretKey(createHash('sha256').update(`signet test key ${dataDir}`).digest())
}
