import { pkiDir } from '../backup/backup-archive.ts'
import type { AppConfig } from '../config.ts'
import type { Database } from '../db/open-database.ts'
import { loadKeyRing } from '../keys/load-key-ring.ts'
import { resealPrivateKeys } from '../keys/reseal-private-keys.ts'
import { certificateRecorder } from './certificate-registry.ts'
import { certificateRevocationList } from './crl.ts'
import { ocspResponseFor, platformCaOf, type RevocationServices } from './ocsp.ts'
import { loadOrCreatePki } from './pki.ts'
import type { PlatformSigning } from './signing-services.ts'
import { createTimestampAuthority } from './tsa.ts'
import { parseCertificate } from './x509.ts'

/**
 * Loads the platform's PKI from `DATA_DIR/pki`, creating it on the first start, and the timestamp
 * authority around it. Its keys and the seals' are sealed with the configured key ring; keys an older
 * release left in the clear (or a rotation cut short left under the previous key) are sealed anew first. Outside production every certificate says it is a demo one. Every certificate it
 * issues, its own included, is recorded in the (migrated) database for OCSP and the CRLs, which completed
 * documents carry (B-LTA), dated by the server's clock `now`. Without a public address its certificates
 * name no OCSP responder nor CRL (the signing alone, in tests).
 */
export async function loadPlatformSigning(
  config: Pick<AppConfig, 'dataDir' | 'appMode' | 'keyEncryptionKey' | 'previousKeyEncryptionKey'> & {
    publicUrl?: string
  },
  db: Database,
  now: () => Date,
): Promise<PlatformSigning> {
  const keys = await loadKeyRing(config)
  const dir = pkiDir(config.dataDir)
  await resealPrivateKeys(keys, { pkiDir: dir, db })
  const pki = await loadOrCreatePki({
    dir,
    keys,
    production: config.appMode === 'production',
    ...(config.publicUrl === undefined ? {} : { publicUrl: config.publicUrl }),
    record: certificateRecorder(db),
  })
  return {
    pki,
    tsa: createTimestampAuthority(pki.tsa, pki.chain, now),
    // For the platform's own certificates; others' revocation data is not fetched.
    revocation: (reader) => {
      const services: RevocationServices = { db: reader, now, pki }
      return {
        getOCSP: (certificate) => ocspResponseFor(services, certificate),
        getCRL: async (certificate) => {
          const ca = await platformCaOf(pki, parseCertificate(certificate))
          return ca === undefined ? null : certificateRevocationList(services, ca)
        },
      }
    },
  }
}
