import { dayMs } from '../../contract/datetime.ts'
import { isRootCa } from '../../contract/pki.ts'
import { pkiDir } from '../backup/backup-archive.ts'
import type { AppConfig } from '../config.ts'
import type { Database } from '../db/open-database.ts'
import { loadKeyRing } from '../keys/load-key-ring.ts'
import { resealPrivateKeys } from '../keys/reseal-private-keys.ts'
import { certificateRecorder } from './certificate-registry.ts'
import { certificateRevocationList } from './crl.ts'
import { ocspResponseFor, type RevocationServices } from './ocsp.ts'
import { loadOrCreatePki } from './pki.ts'
import type { PlatformSigning } from './signing-services.ts'
import { createTimestampAuthority, type TimestampAuthority } from './tsa.ts'
import { parseCertificate } from './x509.ts'

/**
 * Loads the platform's PKI from `DATA_DIR/pki`, creating it on the first start, and the timestamp
 * authority around it. Its keys and the seals' are sealed with the configured key ring; keys an older
 * release left in the clear (or a rotation cut short left under the previous key) are sealed anew first.
 * Outside production every certificate says it is a demo one. Every certificate it issues, its own included, is recorded in the (migrated) database for OCSP and the CRLs, which completed
 * documents carry (B-LTA), dated by the server's clock `now`. Without a public address its certificates
 * name no OCSP responder nor CRL (the signing alone, in tests). The timestamp authority gets a new key and
 * certificate twice the archive renewal horizon before its certificate expires, in the first process to
 * timestamp then; the archive renewal job also gives the issuing CA a new key under the root
 * (Pki.renewIssuingCa) `issuingCaRenewalDays` before its certificate ends, the platform a new root linked with
 * the one before (Pki.renewRootCa) `rootCaRenewalDays` before the newest one ends, and simple signatures theirs
 * (Pki.renewPlatformKey).
 */
export async function loadPlatformSigning(
  config: Pick<
    AppConfig,
    | 'dataDir'
    | 'appMode'
    | 'keyEncryptionKey'
    | 'previousKeyEncryptionKey'
    | 'archiveRenewalDays'
    | 'issuingCaRenewalDays'
    | 'rootCaRenewalDays'
  > & {
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
    now,
    tsaRenewBeforeMs: 2 * archiveRenewalMs(config),
    ...(config.issuingCaRenewalDays === undefined
      ? {}
      : { issuingRenewBeforeMs: config.issuingCaRenewalDays * dayMs }),
    ...(config.rootCaRenewalDays === undefined
      ? {}
      : { rootRenewBeforeMs: config.rootCaRenewalDays * dayMs }),
  })
  const reused = reusedWhileRecent(now)
  const keyOf = (der: Uint8Array) => Buffer.from(der).toString('base64')
  // What is the same for every document: the OCSP answers about the issuing CA's and the timestamp
  // authority's certificates, and the root's CRL (every other certificate has an OCSP answer). A signer's
  // certificate is new for each signature.
  const sharedOcsp = new Set([keyOf(pki.issuing.der), keyOf(pki.tsa.der)])
  // The authority of each key the timestamp authority had while this process ran, by certificate.
  const authorities = new Map<string, TimestampAuthority>()
  const authority = async () => {
    const key = await pki.timestampKey(now())
    const id = keyOf(key.der)
    let known = authorities.get(id)
    if (known === undefined) {
      known = createTimestampAuthority(key, now)
      authorities.set(id, known)
      sharedOcsp.add(id)
    }
    return known
  }
  return {
    pki,
    tsa: {
      timestamp: async (digest, algorithm) => (await authority()).timestamp(digest, algorithm),
      respond: async (request) => (await authority()).respond(request),
    },
    // For the platform's own certificates; others' revocation data is not fetched.
    revocation: (reader) => {
      const services: RevocationServices = { db: reader, now, pki }
      // An answer asked for again in the same transaction (made ahead, then asked for by the archive).
      const asked = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>()
      // The reader may be a transaction's one connection: the archive asks for several answers at once, which
      // read it one after the other.
      let queue: Promise<unknown> = Promise.resolve()
      const inTurn = <T>(read: () => Promise<T>): Promise<T> => {
        const turn = queue.then(read)
        queue = turn.catch(() => {})
        return turn
      }
      return {
        getOCSP: (certificate) => {
          const key = keyOf(certificate)
          const known = asked.get(key)
          if (known !== undefined) return known
          const make = () => inTurn(() => ocspResponseFor(services, certificate))
          const answer = sharedOcsp.has(key) ? reused(key, make) : make()
          asked.set(key, answer)
          return answer
        },
        getCRL: async (certificate) => {
          const ca = await pki.issuerOf(parseCertificate(certificate))
          if (ca === undefined) return null
          const make = () => inTurn(() => certificateRevocationList(services, ca))
          return isRootCa(ca.ca) ? reused(`crl:${ca.ca}`, make) : make()
        },
      }
    },
  }
}

/** How long before its timestamp authority's certificate expires a document's archive timestamp is renewed. */
export function archiveRenewalMs(config: Pick<AppConfig, 'archiveRenewalDays'>): number {
  return (config.archiveRenewalDays ?? 365) * dayMs
}

/**
 * How long completed documents reuse an OCSP answer about the issuing CA's or the timestamp authority's
 * certificate, or the root's CRL, instead of making it anew: a revocation of either (`npm run pki -- revoke`)
 * shows in the documents completed from this long after it on. Well within their validity
 * (`ocspValidityMs`, `crlValidityMs`), so no document carries one past its nextUpdate.
 */
export const sharedRevocationReuseMs = 5 * 60 * 1000

/** Answers by key, made again once older than {@link sharedRevocationReuseMs} by the server's clock `now`. */
function reusedWhileRecent(now: () => Date) {
  type Answer = Uint8Array<ArrayBuffer> | null
  const made = new Map<string, { at: number; bytes: Answer }>()
  return async (key: string, make: () => Promise<Answer>) => {
    const at = now().getTime()
    const known = made.get(key)
    if (known !== undefined && at >= known.at && at - known.at < sharedRevocationReuseMs) return known.bytes
    const bytes = await make()
    made.set(key, { at, bytes })
    return bytes
  }
}
