import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { PkiCa } from '../../contract/pki.ts'
import type { Database } from '../db/open-database.ts'
import { pkiCertificates, type revocationReasons } from '../db/schema/pki.ts'
import { nameText } from './certificate-info.ts'
import type { CertificateRecorder } from './pki.ts'

/** Why a certificate was revoked, by its RFC 5280 name. */
export type RevocationReason = (typeof revocationReasons)[number]

/** What the registry knows of one serial number of a CA. */
export type CertificateStatus =
  | { status: 'good' }
  | { status: 'revoked'; revokedAt: Date; reason: RevocationReason }
  | { status: 'unknown' }

/** A revoked certificate, as a CRL lists it. */
export type RevokedCertificate = { serial: string; revokedAt: Date; reason: RevocationReason }

/**
 * Keeps a certificate the PKI issued; one recorded before stays as it is (the PKI's own on every start). A
 * copy minted for one signature of a certificate that is revoked is born revoked, as its base: it shares
 * the base's key, which the revocation withdrew.
 */
export function certificateRecorder(db: Database): CertificateRecorder {
  return async ({ ca, kind, certificate, serial, baseSerial }, tx = db) => {
    const [base] =
      baseSerial === undefined
        ? []
        : await tx
            .select({ revokedAt: pkiCertificates.revokedAt, reason: pkiCertificates.revocationReason })
            .from(pkiCertificates)
            .where(and(eq(pkiCertificates.ca, ca), eq(pkiCertificates.serial, baseSerial)))
    await tx
      .insert(pkiCertificates)
      .values({
        serial,
        ca,
        kind,
        subject: nameText(certificate.subject),
        notBefore: certificate.notBefore.value,
        notAfter: certificate.notAfter.value,
        baseSerial: baseSerial ?? null,
        revokedAt: base?.revokedAt ?? null,
        revocationReason: base?.reason ?? null,
      })
      .onConflictDoNothing()
  }
}

/** The status of the certificate `serial` (lowercase hex) of `ca`: unknown when that CA never issued it. */
export async function certificateStatus(
  db: Pick<Database, 'select'>,
  ca: PkiCa,
  serial: string,
): Promise<CertificateStatus> {
  const [row] = await db
    .select({ revokedAt: pkiCertificates.revokedAt, reason: pkiCertificates.revocationReason })
    .from(pkiCertificates)
    .where(and(eq(pkiCertificates.ca, ca), eq(pkiCertificates.serial, serial)))
  if (row === undefined) return { status: 'unknown' }
  if (row.revokedAt === null) return { status: 'good' }
  return { status: 'revoked', revokedAt: row.revokedAt, reason: row.reason ?? 'unspecified' }
}

/** Every certificate `ca` issued that is revoked, oldest revocation first. */
export async function revokedCertificates(
  db: Pick<Database, 'select'>,
  ca: PkiCa,
): Promise<RevokedCertificate[]> {
  const rows = await db
    .select({
      serial: pkiCertificates.serial,
      revokedAt: pkiCertificates.revokedAt,
      reason: pkiCertificates.revocationReason,
    })
    .from(pkiCertificates)
    .where(and(eq(pkiCertificates.ca, ca), isNotNull(pkiCertificates.revokedAt)))
    .orderBy(asc(pkiCertificates.revokedAt), asc(pkiCertificates.serial))
  return rows.map((row) => ({
    serial: row.serial,
    revokedAt: row.revokedAt ?? new Date(0),
    reason: row.reason ?? 'unspecified',
  }))
}
