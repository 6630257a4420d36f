import { join } from 'node:path'
import type { AppConfig } from '../config.ts'
import { loadOrCreatePki } from './pki.ts'
import type { PlatformSigning } from './signing-services.ts'
import { createTimestampAuthority } from './tsa.ts'

/**
 * Loads the platform's PKI from `DATA_DIR/pki`, creating it on the first start, and the timestamp
 * authority around it. Outside production every certificate says it is a demo one.
 */
export async function loadPlatformSigning(
  config: Pick<AppConfig, 'dataDir' | 'appMode'>,
): Promise<PlatformSigning> {
  const pki = await loadOrCreatePki({
    dir: join(config.dataDir, 'pki'),
    production: config.appMode === 'production',
  })
  return {
    pki,
    tsa: createTimestampAuthority(pki.tsa, pki.chain),
    revocation: { getOCSP: async () => null, getCRL: async () => null },
  }
}
