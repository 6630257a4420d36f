import { createHash } from 'node:crypto'
import type { PadesLevel } from '../../contract/validation.ts'
import { nameText } from './certificate-info.ts'
import { type EtsiStatus, etsiStatus } from './etsi-validation-report.ts'
import { documentTimestampFilter, type SignatureReport, type ValidationReport } from './validate-pdf.ts'
import { parseCertificate } from './x509.ts'

/** One certificate of a signature's chain as a report shows it; its role as the ETSI report's chain names it. */
export type ReportedCertificate = {
  role: 'signing' | 'intermediate' | 'anchor'
  subject: string
  issuer: string
  /** Serial number, lower-case hex. */
  serialNumber: string
  notBefore: string
  notAfter: string
}

/** One signature or document timestamp of a validated PDF, as its validation report shows it. */
type ReportedSignature = {
  fieldName: string
  documentTimestamp: boolean
  /** Its signing name, else its certificate's common name or e-mail; null when the certificate is missing. */
  signer: string | null
  email: string | null
  /** Claimed signing time, ISO. */
  signingTime: string | null
  /** The time its verified timestamp proves, ISO. */
  provedTime: string | null
  /** SES, AES or QES as the certificate's policy says (a demo certificate's qualified one is AES); null unknown. */
  quality: 'SES' | 'AES' | 'QES' | null
  level: PadesLevel | null
  indication: EtsiStatus
  trusted: boolean
  /** When the signer's certificate was revoked, ISO, if it was. */
  revokedAt: string | null
  chain: ReportedCertificate[]
}

/**
 * The facts of one validation of a PDF that its reports state (the ETSI TS 119 102-2 one, the PDF one): the
 * document by its SHA-256 and size, when it was validated, its overall indication and each signature. Plain
 * JSON, kept with the validation.
 */
export type ValidationReportFacts = {
  document: { sha256: string; size: number }
  validationTime: string
  indication: EtsiStatus
  signatures: ReportedSignature[]
}

const qualityOf = (signature: SignatureReport): ReportedSignature['quality'] =>
  signature.quality === 'qes'
    ? signature.demo
      ? 'AES'
      : 'QES'
    : signature.quality === 'unknown'
      ? null
      : signature.quality === 'aes'
        ? 'AES'
        : 'SES'

function chainOf(signature: SignatureReport): ReportedCertificate[] {
  return signature.evidence.certificates.map((der, index) => {
    const certificate = parseCertificate(der)
    const selfIssued = certificate.subject.isEqual(certificate.issuer)
    return {
      // As the ETSI report's chain: a trusted chain ends at the self-issued root it carries.
      role: index === 0 ? 'signing' : signature.trusted && selfIssued ? 'anchor' : 'intermediate',
      subject: nameText(certificate.subject),
      issuer: nameText(certificate.issuer),
      serialNumber: Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex'),
      notBefore: certificate.notBefore.value.toISOString(),
      notAfter: certificate.notAfter.value.toISOString(),
    }
  })
}

const rank = { 'total-failed': 0, indeterminate: 1, 'total-passed': 2 } as const

/**
 * The facts of the validation of `pdf` (its `report`) at `validationTime`: the document's overall indication is
 * its worst signature's (document timestamps included), indeterminate when it has no signature.
 */
export function validationReportFacts(
  pdf: Uint8Array,
  report: Extract<ValidationReport, { status: 'ok' }>,
  validationTime: Date,
): ValidationReportFacts {
  const signatures = report.signatures.map(
    (signature): ReportedSignature => ({
      fieldName: signature.fieldName,
      documentTimestamp: signature.subFilter === documentTimestampFilter,
      signer: signature.signingName ?? signature.signer?.commonName ?? signature.signer?.email ?? null,
      email: signature.signer?.email ?? signature.contactInfo,
      signingTime: signature.signingTime?.toISOString() ?? null,
      provedTime: signature.timestamp?.verified ? signature.timestamp.time.toISOString() : null,
      quality: qualityOf(signature),
      level: signature.level,
      indication: etsiStatus(signature),
      trusted: signature.trusted,
      revokedAt: signature.revocation?.revokedAt?.toISOString() ?? null,
      chain: chainOf(signature),
    }),
  )
  const worst = signatures
    .map((signature) => signature.indication)
    .sort((a, b) => rank[a.main] - rank[b.main])[0]
  return {
    document: { sha256: createHash('sha256').update(pdf).digest('hex'), size: pdf.byteLength },
    validationTime: validationTime.toISOString(),
    indication: worst ?? { main: 'indeterminate', sub: null },
    signatures,
  }
}
