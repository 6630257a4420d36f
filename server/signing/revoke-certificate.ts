import { and, eq, isNull, or } from 'drizzle-orm'
import { pkiCertificates } from '../db/schema/pki.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'
import type { RevocationReason } from './certificate-registry.ts'
import { fromPem } from './pem.ts'
import { serialHex } from './pki.ts'
import { parseCertificate } from './x509.ts'

/**
 * Revokes the certificate `serial` (hex, any case, colons allowed as openssl prints them) and every copy of
 * it minted for one signature, which share its key, at `at` for `reason`. A certificate revoked before keeps
 * its first revocation. Answers how many certificates this revoked; 0 also when the serial is unknown.
 */
export async function revokeCertificate(
  db: Queryable,
  serial: string,
  reason: RevocationReason,
  at: Date,
): Promise<number> {
  const normalized = serial.replaceAll(':', '').toLowerCase()
  const revoked = await db
    .update(pkiCertificates)
    .set({ revokedAt: at, revocationReason: reason })
    .where(
      and(
        or(eq(pkiCertificates.serial, normalized), eq(pkiCertificates.baseSerial, normalized)),
        isNull(pkiCertificates.revokedAt),
      ),
    )
    .returning({ serial: pkiCertificates.serial })
  return revoked.length
}

/** Revokes a certificate kept as PEM (a seal's) and its copies, as {@link revokeCertificate}. */
export async function revokeCertificatePem(
  db: Queryable,
  certificatePem: string,
  reason: RevocationReason,
  at: Date,
): Promise<number> {
  const der = fromPem('CERTIFICATE', certificatePem)[0]
  if (der === undefined) return 0
  return revokeCertificate(db, serialHex(parseCertificate(der)), reason, at)
}
