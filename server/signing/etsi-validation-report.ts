import { createHash } from 'node:crypto'
import { create } from 'xmlbuilder2'
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces'
import type { PadesLevel } from '../../contract/validation.ts'
import { documentTimestampFilter, type SignatureReport, type ValidationReport } from './validate-pdf.ts'
import { parseCertificate } from './x509.ts'

/** The namespace of ETSI TS 119 102-2 v1.2.1 validation reports. */
const etsiValidationReportNamespace = 'http://uri.etsi.org/19102/v1.2.1#'
const ds = 'http://www.w3.org/2000/09/xmldsig#'
const sha256Uri = 'http://www.w3.org/2001/04/xmlenc#sha256'
const indication = 'urn:etsi:019102:mainindication:'
const subIndication = 'urn:etsi:019102:subindication:'
const objectType = 'urn:etsi:019102:validationObject:'

/** A validation as ETSI TS 119 102-2 states it: a main indication, and a sub-indication of why not passed. */
export type EtsiStatus = {
  main: 'total-passed' | 'total-failed' | 'indeterminate'
  sub: string | null
}

/** The indications of ETSI EN 319 102-1 for what validation found, worst finding first. */
export function etsiStatus(signature: SignatureReport): EtsiStatus {
  const { problems } = signature
  if (problems.includes('signature.byte_range_invalid') || problems.includes('signature.cms_unreadable'))
    return { main: 'total-failed', sub: 'FORMAT_FAILURE' }
  if (problems.includes('signature.digest_mismatch')) return { main: 'total-failed', sub: 'HASH_FAILURE' }
  if (problems.includes('signature.invalid')) return { main: 'total-failed', sub: 'SIG_CRYPTO_FAILURE' }
  if (problems.includes('signature.certificate_missing'))
    return { main: 'indeterminate', sub: 'NO_SIGNING_CERTIFICATE_FOUND' }
  if (!signature.intact) return { main: 'indeterminate', sub: null }
  if (signature.revokedBeforeSigning) return { main: 'total-failed', sub: 'REVOKED' }
  // The document was changed after it was signed, outside another signature: what it shows now is not what was
  // signed (ETSI EN 319 102-1 §5.1.3, HASH_FAILURE: a signed data object does not match).
  if (signature.changedAfter) return { main: 'total-failed', sub: 'HASH_FAILURE' }
  if (!signature.trusted) return { main: 'indeterminate', sub: 'NO_CERTIFICATE_CHAIN_FOUND' }
  return { main: 'total-passed', sub: null }
}

// The qualification as the EU's DSS names it; a demo certificate of a test system qualifies nothing.
function qualification(signature: SignatureReport): string {
  const name =
    signature.quality === 'qes' && !signature.demo
      ? 'QESig'
      : signature.quality === 'qes' || signature.quality === 'aes'
        ? 'AdESig'
        : signature.quality === 'ses'
          ? 'notAdES'
          : 'Unknown'
  return `urn:cef:dss:signatureQualification:${name}`
}

// The validation process of ETSI EN 319 102-1 that the signature's level allows.
const processes: Record<PadesLevel, string> = {
  'B-B': 'Basic',
  'B-T': 'Basic',
  'B-LT': 'LTVM',
  'B-LTA': 'LTA',
}

/** An object the report lists once, referred to by its id from every signature that used it. */
type ValidationObject = { id: string; type: string; der: Uint8Array }

/** The self-issued certificate (a root) among `ders`, if any. */
function selfIssued(ders: Uint8Array[]): Uint8Array | undefined {
  return ders.find((der) => {
    const certificate = parseCertificate(der)
    return certificate.subject.isEqual(certificate.issuer)
  })
}

function sha256(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest()
}

/**
 * The validation report of ETSI TS 119 102-2 for `report`, validated at `validationTime` (the server's
 * clock): one `SignatureValidationReport` per signature and document timestamp, oldest first, and the
 * certificates, timestamps, OCSP responses and CRLs they were judged with as validation objects.
 */
export function etsiValidationReport(
  report: Extract<ValidationReport, { status: 'ok' }>,
  validationTime: Date,
): string {
  const objects = new Map<string, ValidationObject>()
  const objectOf = (type: string, der: Uint8Array): string => {
    const id = `${type.slice(0, 1).toUpperCase()}-${sha256(der).toString('hex')}`
    if (!objects.has(id)) objects.set(id, { id, type, der })
    return id
  }

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    etsiValidationReportNamespace,
    'ValidationReport',
    { 'xmlns:ds': ds },
  )
  for (const signature of report.signatures) {
    const certificates = signature.evidence.certificates.map((der) => objectOf('certificate', der))
    const timestamp = signature.evidence.timestampToken
      ? objectOf('timestamp', signature.evidence.timestampToken)
      : null
    const entry = root.ele('SignatureValidationReport')
    identify(entry, signature)
    const times = entry.ele('ValidationTimeInfo')
    times.ele('ValidationTime').txt(validationTime.toISOString())
    // The best time the signature is proved to exist: its verified timestamp's, else the validation's own.
    const best = times.ele('BestSignatureTime')
    best
      .ele('POETime')
      .txt((signature.timestamp?.verified ? signature.timestamp.time : validationTime).toISOString())
    best.ele('TypeOfProof').txt('urn:etsi:019102:poetype:validation')
    if (timestamp && signature.timestamp?.verified) best.ele('POEObject', { VOReference: timestamp })
    attributes(entry, signature, timestamp)
    if (certificates[0]) {
      const signer = entry.ele('SignerInformation')
      signer.ele('SignerCertificate', { VOReference: certificates[0] })
      const name = signature.signingName ?? signature.signer?.commonName
      if (name) signer.ele('Signer').txt(name)
    }
    if (signature.subFilter !== documentTimestampFilter) {
      entry.ele('SignatureQuality').ele('SignatureQualityInformation').txt(qualification(signature))
    }
    if (signature.level) {
      entry
        .ele('SignatureValidationProcess')
        .ele('SignatureValidationProcessID')
        .txt(`urn:etsi:019102:validationprocess:${processes[signature.level]}`)
    }
    const verdict = etsiStatus(signature)
    const status = entry.ele('SignatureValidationStatus')
    status.ele('MainIndication').txt(`${indication}${verdict.main}`)
    if (verdict.sub) status.ele('SubIndication').txt(`${subIndication}${verdict.sub}`)
    const [signing, ...others] = certificates
    if (signing) {
      const data = status.ele('AssociatedValidationReportData')
      const chain = data.ele('CertificateChain')
      chain.ele('SigningCertificate', { VOReference: signing })
      // A trusted chain ends at a root the validation trusts: the self-issued certificate the signature carries.
      const root = signature.trusted ? selfIssued(signature.evidence.certificates.slice(1)) : undefined
      const anchor = root === undefined ? undefined : objectOf('certificate', root)
      for (const other of others) {
        if (other !== anchor) chain.ele('IntermediateCertificate', { VOReference: other })
      }
      if (anchor !== undefined) chain.ele('TrustAnchor', { VOReference: anchor })
      const revokedAt = signature.revocation?.revokedAt
      if (revokedAt) {
        const revoked = data.ele('RevocationStatusInformation')
        revoked.ele('ValidationObjectId', { VOReference: signing })
        revoked.ele('RevocationTime').txt(revokedAt.toISOString())
      }
    }
  }
  for (const der of report.revocationValues.ocsps) objectOf('OCSPResponse', der)
  for (const der of report.revocationValues.crls) objectOf('CRL', der)
  if (objects.size > 0) {
    const list = root.ele('SignatureValidationObjects')
    for (const object of objects.values()) {
      const entry = list.ele('ValidationObject', { id: object.id })
      entry.ele('ObjectType').txt(`${objectType}${object.type}`)
      entry
        .ele('ValidationObjectRepresentation')
        .ele('base64')
        .txt(Buffer.from(object.der).toString('base64'))
    }
  }
  return root.end({ prettyPrint: true })
}

// The signature by the digest of its value and the value itself, and its field's name.
function identify(entry: XMLBuilder, signature: SignatureReport): void {
  const value = signature.evidence.signatureValue
  const identifier = entry.ele(
    'SignatureIdentifier',
    value ? { id: `S-${sha256(value).toString('hex')}` } : {},
  )
  if (value) {
    const digest = identifier.ele('DigestAlgAndValue')
    digest.ele(ds, 'ds:DigestMethod', { Algorithm: sha256Uri })
    digest.ele(ds, 'ds:DigestValue').txt(sha256(value).toString('base64'))
    identifier.ele(ds, 'ds:SignatureValue').txt(Buffer.from(value).toString('base64'))
  }
  identifier.ele('HashOnly').txt('false')
  identifier.ele('DocHashOnly').txt('false')
  identifier.ele('DAIdentifier').txt(signature.fieldName)
}

// What the signature dictionary and the CMS say: when, why, who, and its timestamps.
function attributes(entry: XMLBuilder, signature: SignatureReport, timestamp: string | null): void {
  const facts: [string, string, string][] = []
  if (signature.reason) facts.push(['Reason', 'ReasonElement', signature.reason])
  if (signature.signingName) facts.push(['Name', 'NameElement', signature.signingName])
  if (signature.contactInfo) facts.push(['ContactInfo', 'ContactInfoElement', signature.contactInfo])
  if (signature.subFilter) facts.push(['SubFilter', 'SubFilterElement', signature.subFilter])
  const archive = signature.subFilter === documentTimestampFilter
  if (!signature.signingTime && !signature.timestamp && facts.length === 0) return
  const list = entry.ele('SignatureAttributes')
  if (signature.signingTime && !archive) {
    list.ele('SigningTime', { Signed: 'true' }).ele('Time').txt(signature.signingTime.toISOString())
  }
  if (signature.timestamp) {
    const element = list.ele(archive ? 'DocTimeStamp' : 'SignatureTimeStamp')
    if (timestamp) element.ele('AttributeObject', { VOReference: timestamp })
    element.ele('TimeStampValue').txt(signature.timestamp.time.toISOString())
  }
  for (const [name, inner, value] of facts) list.ele(name).ele(inner).txt(value)
}
