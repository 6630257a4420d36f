import { join } from 'node:path'
import type { AppConfig } from '../config.ts'
import type { Database } from '../db/open-database.ts'
import { certificateRecorder } from './certificate-registry.ts'
import { loadOrCreatePki } from './pki.ts'
import type { PlatformSigning } from './signing-services.ts'
import { createTimestampAuthority } from './tsa.ts'

/**
 * Loads the platform's PKI from `DATA_DIR/pki`, creating it on the first start, and the timestamp
 * authority around it. Outside production every certificate says it is a demo one. Every certificate it
 * issues, its own included, is recorded in the (migrated) database for OCSP and the CRLs.
 */
export async function loadPlatformSigning(
  config: Pick<AppConfig, 'dataDir' | 'appMode' | 'publicUrl'>,
  db: Database,
): Promise<PlatformSigning> {
  const pki = await loadOrCreatePki({
    dir: join(config.dataDir, 'pki'),
    production: config.appMode === 'production',
    publicUrl: config.publicUrl,
    record: certificateRecorder(db),
  })
  return { pki, tsa: createTimestampAuthority(pki.tsa, pki.chain) }
}
