import type { Database } from '../db/open-database.ts'
import type { KeyRing } from '../keys/key-ring.ts'
import type { RemoteSigningProvider } from '../providers/csc/remote-signing-provider.ts'
import type { MobileSigningProvider } from '../providers/mobile-signing/mobile-signing-provider.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import type { ArchiveAuthorities } from './archive-pdf.ts'
import type { Pki } from './pki.ts'
import type { TimestampAuthority } from './tsa.ts'

/**
 * The platform's PKI and timestamp authority, loaded once when the server starts, and the revocation data
 * of the certificates it issued, which completed documents carry (B-LTA), read through `db` (the signing
 * transaction, which PGlite's one connection must not wait outside of).
 */
export type PlatformSigning = {
  pki: Pki
  tsa: TimestampAuthority
  revocation: (db: Pick<Database, 'select'>) => ArchiveAuthorities['revocation']
}

/** What the signing operations work with: the request services plus the platform's keys. */
export type SigningServices = RequestServices & {
  /** Absent where only the routes are listed; signing and the CA certificate then answer 503. */
  platform: PlatformSigning | undefined
  /** Free signatures of an account whose free_signatures_remaining is not set yet (FREE_SIGNATURES). */
  freeSignatures: number
  /**
   * Who makes qualified signatures: a QTSP through the CSC API when CSC_* is set (in any mode), else outside
   * production the platform's demo CA (`demo`); absent (production without a QTSP): they answer 503.
   */
  qualifiedSigning: RemoteSigningProvider | 'demo' | undefined
  /** Confirms qualified signatures on the signer's phone; absent: they answer 503. @default none */
  mobileSigning?: MobileSigningProvider
  /** Opens the second-factor secrets a signing confirmed with a code checks; absent: such signings answer 503. */
  keys?: KeyRing
}
