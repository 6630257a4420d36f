import { join } from 'node:path'
import type { AppConfig } from '../../server/config.ts'

/**
 * The configuration tests run the app with: development mode, no logs, the status page as a file in
 * `dataDir` and PGlite there too unless `overrides` name another database; `overrides` for the rest.
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
    ...overrides,
  }
}
