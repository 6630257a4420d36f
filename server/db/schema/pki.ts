import { sql } from 'drizzle-orm'
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import type { PkiCa } from '../../../contract/pki.ts'
import { at } from './columns.ts'

/** What a certificate of the platform's PKI is for. */
export const pkiCertificateKinds = [
  'issuing_ca',
  /** One root's certificate of the next root's key, or the next one's of its own (pki.ts, renewRootCa). */
  'link_ca',
  'tsa',
  'ocsp_responder',
  'platform',
  'signer',
  'seal',
  /** A copy of another certificate (same key) under a fresh serial, minted for one signature. */
  'signature',
] as const

/**
 * RFC 5280 §5.3.1 reasons a certificate is revoked for, by their ASN.1 names; a revocation is final, so
 * certificateHold and removeFromCRL are not among them.
 */
export const revocationReasons = [
  'unspecified',
  'keyCompromise',
  'cACompromise',
  'affiliationChanged',
  'superseded',
  'cessationOfOperation',
  'privilegeWithdrawn',
  'aACompromise',
] as const

/**
 * Every certificate the platform's CAs issued, so that OCSP answers good, revoked or unknown and each CA's CRL
 * lists the revoked ones. Rows outlive what they belong to (a deleted seal's certificate stays revoked).
 */
export const pkiCertificates = pgTable(
  'pki_certificates',
  {
    /** The serial number as lowercase hex of its DER content octets. */
    serial: text('serial').notNull(),
    /** The CA that issued it (contract/pki.ts). */
    ca: text('ca').$type<PkiCa>().notNull(),
    kind: text('kind', { enum: pkiCertificateKinds }).notNull(),
    /** The subject as RFC 4514 text (`CN=Ann Example,O=Signet`). */
    subject: text('subject').notNull(),
    notBefore: at('not_before').notNull(),
    notAfter: at('not_after').notNull(),
    /** For a `signature` copy: the serial of the certificate it copies, whose revocation revokes it too. */
    baseSerial: text('base_serial'),
    revokedAt: at('revoked_at'),
    revocationReason: text('revocation_reason', { enum: revocationReasons }),
  },
  (table) => [
    primaryKey({ columns: [table.ca, table.serial] }),
    index('pki_certificates_base_serial_idx').on(table.baseSerial),
    index('pki_certificates_revoked_idx').on(table.ca).where(sql`${table.revokedAt} is not null`),
  ],
)
