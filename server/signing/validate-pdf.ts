import { createHash } from 'node:crypto'
import {
  PDF,
  PdfArray,
  PdfBool,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfObject,
  PdfRef,
  PdfString,
  type SignatureField,
} from '@libpdf/core'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import type { PadesLevel } from '../../contract/validation.ts'
import { scanPdfStreams } from '../documents/scan-pdf-streams.ts'
import { type CertificateInfo, describeCertificate } from './certificate-info.ts'
import { cryptoEngine } from './crypto-engine.ts'
import { OID } from './oids.ts'
import type { SignatureQuality } from './sign-pdf.ts'
import { objectNumbers, unexplainedRevisions } from './validate-revisions.ts'
import {
  type DocumentRevocationData,
  documentRevocationData,
  type RevocationReport,
  revocationOf,
} from './validate-revocation.ts'

/** Why a signature is not intact; stable codes for the validation screen. */
type SignatureProblem =
  | 'signature.byte_range_invalid'
  | 'signature.cms_unreadable'
  | 'signature.certificate_missing'
  | 'signature.digest_mismatch'
  | 'signature.invalid'
  | 'signature.unsupported'

/** The signature timestamp (RFC 3161) found in a signature, if any. */
type TimestampReport = {
  time: Date
  /** The token is signed correctly and its imprint matches this signature's value. */
  verified: boolean
  /** The token's chain leads to one of the trusted roots. */
  trusted: boolean
  authority: string | null
}

/** Everything the validation screen shows about one signature. */
export type SignatureReport = {
  fieldName: string
  /** /Name of the signature dictionary: the signing name the signer gave. */
  signingName: string | null
  reason: string | null
  location: string | null
  /** /ContactInfo: the signer's email for signatures made here. */
  contactInfo: string | null
  subFilter: string | null
  /** Byte range sound, digest matching and CMS signature verifying. */
  intact: boolean
  problems: SignatureProblem[]
  signer: CertificateInfo | null
  /**
   * From the signer certificate's policy (this platform's, or ETSI EN 319 411-2 QCP-n-qscd and QCP-l-qscd of a
   * QTSP); `unknown` for any other.
   */
  quality: SignatureQuality | 'unknown'
  /** The signer certificate is a demo certificate of this platform. */
  demo: boolean
  /** The signer certificate's chain leads to one of the trusted roots. */
  trusted: boolean
  /** Claimed signing time: /M, else the CMS signingTime attribute. */
  signingTime: Date | null
  timestamp: TimestampReport | null
  /** The signed byte range reaches the end of the file. */
  coversWholeFile: boolean
  /** Field names of the signatures made after this one, oldest first. */
  laterSignatures: string[]
  /** An update after this signature that no later signature accounts for changed the file. */
  changedAfter: boolean
  /**
   * The PAdES baseline level it reaches (ETSI EN 319 142-1): B-B signed, B-T with a verified signature
   * timestamp, B-LT with revocation data for its certificate in the document's DSS, signed by its issuer,
   * B-LTA with an intact document timestamp after it as well; null for a document timestamp or a damaged one.
   */
  level: PadesLevel | null
  /**
   * What the revocation data the document carries says of the signer's certificate; null for a document
   * timestamp or a signature without a certificate.
   */
  revocation: RevocationReport | null
  /** The signer's certificate was revoked at or before the time the signature is proved to exist. */
  revokedBeforeSigning: boolean
  /** What the ETSI TS 119 102-2 report identifies the signature by and lists as its validation objects. */
  evidence: SignatureEvidence
}

/** The signature's own bytes and the objects it was judged with, as DER. */
type SignatureEvidence = {
  /** The CMS signature value (of the token's signer for a document timestamp); null when unreadable. */
  signatureValue: Uint8Array | null
  /** The signer's certificate first, then the other certificates the CMS carries. */
  certificates: Uint8Array[]
  /** The signature's RFC 3161 timestamp token. */
  timestampToken: Uint8Array | null
}

/** The codes that refuse a PDF given for validation: its structure cannot be read, or it is past the limits. */
export const validationRefusals = ['validation.pdf_unreadable', 'validation.too_complex'] as const

/** Result of validating one PDF. */
export type ValidationReport =
  | {
      status: 'ok'
      signatures: SignatureReport[]
      /** The OCSP responses and CRLs of the document's DSS that could be read, as DER. */
      revocationValues: { ocsps: Uint8Array[]; crls: Uint8Array[] }
    }
  | { status: 'unreadable'; code: 'validation.pdf_unreadable' }
  | { status: 'too_complex'; code: 'validation.too_complex' }

/**
 * The most signatures a PDF may have to be validated. Far more than any signed document carries; every
 * signature's report lists the signatures after it, so the report grows with the square of their number.
 */
export const maxSignatures = 500

/** Roots a signature chain may lead to, usually the platform's root CA. */
export type ValidationOptions = {
  trustedRoots: Uint8Array[]
}

type Found = {
  fieldName: string
  dict: PdfDict
  byteRange: number[] | null
  contents: Uint8Array | null
  end: number
}

/** The most revisions without a signature that are looked into for being validation data alone. */
const maxValidationDataRevisions = 8

const digestNames: Record<string, string> = {
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
  '1.3.14.3.2.26': 'sha1',
}

/**
 * Checks every signature of any PDF: integrity, signer, time, quality, trust and later changes. A PDF whose
 * streams decompress past the upload limits, or with more than {@link maxSignatures} signatures, is answered
 * `too_complex` without checking any.
 */
export async function validatePdf(
  pdfBytes: Uint8Array,
  options: ValidationOptions,
): Promise<ValidationReport> {
  if (!scanPdfStreams(pdfBytes).ok) return { status: 'too_complex', code: 'validation.too_complex' }
  let pdf: PDF
  try {
    pdf = await PDF.load(pdfBytes)
  } catch {
    return { status: 'unreadable', code: 'validation.pdf_unreadable' }
  }
  const found = findSignatures(pdf, pdfBytes.length).sort((a, b) => a.end - b.end)
  if (found.length > maxSignatures) return { status: 'too_complex', code: 'validation.too_complex' }
  const roots = options.trustedRoots.map((der) => pkijs.Certificate.fromBER(Uint8Array.from(der)))
  // A revision no signature covers is a change, unless it only adds validation data (a DSS: B-LT, B-LTA).
  // Each costs two readings of the file, so a file with very many is not looked into.
  const uncovered = unexplainedRevisions(
    pdfBytes,
    found.map((signature) => signature.end),
  )
  let unexplained = -1
  // What comes before the first signature is the document it signed.
  const firstSigned = found[0]?.end ?? pdfBytes.length
  const later = uncovered.filter(({ end }) => end > firstSigned)
  for (const revision of later) {
    const validationData =
      later.length <= maxValidationDataRevisions &&
      (await addsValidationDataOnly(pdfBytes, revision.start, revision.end))
    if (!validationData) unexplained = revision.end
  }
  const checked: Omit<SignatureReport, 'level'>[] = []
  const revocationData = documentRevocationData(pdf)
  for (const [index, signature] of found.entries()) {
    checked.push({
      ...(await checkSignature(pdfBytes, signature, roots, revocationData)),
      coversWholeFile: signature.end === pdfBytes.length,
      laterSignatures: found.slice(index + 1).map((other) => other.fieldName),
      changedAfter: unexplained > signature.end,
    })
  }
  const signatures = checked.map((report, index) => {
    const archived = checked
      .slice(index + 1)
      .some((later) => later.subFilter === documentTimestampFilter && later.intact)
    return { ...report, level: levelOf(report, archived) }
  })
  return { status: 'ok', signatures, revocationValues: revocationData.values }
}

/** The /SubFilter of a document timestamp (PAdES B-LTA), which validation reports beside the signatures. */
export const documentTimestampFilter = 'ETSI.RFC3161'

function levelOf(report: Omit<SignatureReport, 'level'>, archived: boolean): PadesLevel | null {
  if (report.subFilter === documentTimestampFilter || !report.intact) return null
  if (!report.timestamp?.verified) return 'B-B'
  // Validation data: revocation data for its certificate that the document carries, signed by its issuer.
  if (report.revocation?.source !== 'document') return 'B-T'
  return archived ? 'B-LTA' : 'B-LT'
}

/**
 * Whether the revision from `start` to `end` only adds validation data (ETSI EN 319 142-1: a Document
 * Security Store after the signatures): it rewrites no object but the catalog, which gains /DSS and is
 * otherwise the same, so everything else it writes is reached through the DSS alone. An update written in
 * object streams cannot be read this way and counts as a change.
 */
async function addsValidationDataOnly(bytes: Uint8Array, start: number, end: number): Promise<boolean> {
  const text = (from: number, to: number) =>
    Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1')
  const revision = text(start, end)
  if (/\/ObjStm\b/.test(revision)) return false
  const root = /\/Root\s+(\d+)\s+\d+\s+R/.exec(revision.slice(revision.lastIndexOf('/Root')))
  if (root === null) return false
  const catalogNumber = Number(root[1])
  const earlierObjects = objectNumbers(text(0, start))
  for (const number of objectNumbers(revision)) {
    if (number !== catalogNumber && earlierObjects.has(number)) return false
  }
  try {
    const [before, after] = await Promise.all([
      PDF.load(bytes.subarray(0, start)),
      PDF.load(bytes.subarray(0, end)),
    ])
    const [was, is] = [before.getCatalog(), after.getCatalog()]
    if (!(is.get('DSS') instanceof PdfRef || is.get('DSS') instanceof PdfDict)) return false
    const keys = (dict: PdfDict) => [...dict.keys()].map((key) => key.value).filter((key) => key !== 'DSS')
    const [wasKeys, isKeys] = [keys(was).sort(), keys(is).sort()]
    return (
      wasKeys.join('/') === isKeys.join('/') && wasKeys.every((key) => sameObject(was.get(key), is.get(key)))
    )
  } catch {
    return false
  }
}

/** Two PDF objects written alike: references to the same object, or equal values. */
function sameObject(a: PdfObject | undefined, b: PdfObject | undefined): boolean {
  if (a instanceof PdfRef && b instanceof PdfRef)
    return a.objectNumber === b.objectNumber && a.generation === b.generation
  if (a instanceof PdfName && b instanceof PdfName) return a.value === b.value
  if (a instanceof PdfNumber && b instanceof PdfNumber) return a.value === b.value
  if (a instanceof PdfBool && b instanceof PdfBool) return a.value === b.value
  if (a instanceof PdfString && b instanceof PdfString)
    return Buffer.from(a.bytes).equals(Buffer.from(b.bytes))
  if (a instanceof PdfArray && b instanceof PdfArray) {
    return a.length === b.length && [...a].every((item, index) => sameObject(item, b.at(index)))
  }
  if (a instanceof PdfDict && b instanceof PdfDict) {
    const keys = [...a.keys()].map((key) => key.value)
    return keys.length === [...b.keys()].length && keys.every((key) => sameObject(a.get(key), b.get(key)))
  }
  return a === b
}

function findSignatures(pdf: PDF, fileLength: number): Found[] {
  const form = pdf.getForm()
  if (!form) return []
  const found: Found[] = []
  for (const field of form.getFields()) {
    if (field.type !== 'signature') continue
    const dict = (field as SignatureField).getSignatureDict()
    if (!dict) continue
    const range = dict.get('ByteRange', (ref: PdfRef) => pdf.getObject(ref))
    // A byte range is four numbers; many fields may share one crafted array of millions, so count them first.
    const values =
      range instanceof PdfArray && range.length === 4
        ? [...range].map((item) => (item instanceof PdfNumber ? item.value : Number.NaN))
        : []
    const byteRange = validByteRange(values, fileLength) ? values : null
    const contents = dict.get('Contents')
    found.push({
      fieldName: field.name,
      dict,
      byteRange,
      contents: contents instanceof PdfString ? contents.bytes : null,
      end: byteRange ? (byteRange[2] ?? 0) + (byteRange[3] ?? 0) : 0,
    })
  }
  return found
}

function validByteRange(values: number[], fileLength: number): boolean {
  if (values.length !== 4 || values.some((value) => !Number.isInteger(value) || value < 0)) return false
  const [start, length, offset, tail] = values as [number, number, number, number]
  return start === 0 && length < offset && offset + tail <= fileLength
}

async function checkSignature(
  bytes: Uint8Array,
  found: Found,
  roots: pkijs.Certificate[],
  revocationData: DocumentRevocationData,
): Promise<Omit<SignatureReport, 'coversWholeFile' | 'laterSignatures' | 'changedAfter' | 'level'>> {
  const base = {
    fieldName: found.fieldName,
    signingName: text(found.dict, 'Name'),
    reason: text(found.dict, 'Reason'),
    location: text(found.dict, 'Location'),
    contactInfo: text(found.dict, 'ContactInfo'),
    subFilter: found.dict.getName('SubFilter')?.value ?? null,
    signer: null,
    quality: 'unknown' as const,
    demo: false,
    trusted: false,
    signingTime: pdfDate(text(found.dict, 'M')),
    timestamp: null,
    revocation: null,
    revokedBeforeSigning: false,
    evidence: { signatureValue: null, certificates: [], timestampToken: null } as SignatureEvidence,
  }
  const [, length1, offset2, length2] = found.byteRange ?? []
  if (length1 === undefined || offset2 === undefined || length2 === undefined || !found.contents) {
    return { ...base, intact: false, problems: ['signature.byte_range_invalid'] }
  }
  const problems: SignatureProblem[] = []
  // The gap must be exactly the /Contents hex string, or bytes could hide outside the signed range.
  if (bytes[length1] !== 0x3c || bytes[offset2 - 1] !== 0x3e) problems.push('signature.byte_range_invalid')

  let signedData: pkijs.SignedData
  try {
    const contentInfo = pkijs.ContentInfo.fromBER(Uint8Array.from(found.contents))
    signedData = new pkijs.SignedData({ schema: contentInfo.content })
  } catch {
    return { ...base, intact: false, problems: [...problems, 'signature.cms_unreadable'] }
  }
  const signed = new Uint8Array(length1 + length2)
  signed.set(bytes.subarray(0, length1), 0)
  signed.set(bytes.subarray(offset2, offset2 + length2), length1)
  if (base.subFilter === documentTimestampFilter) {
    return { ...base, ...(await checkDocumentTimestamp(signedData, signed, roots, problems)) }
  }

  const signerInfo = signedData.signerInfos[0]
  const certificates = (signedData.certificates ?? []).filter(
    (candidate): candidate is pkijs.Certificate => candidate instanceof pkijs.Certificate,
  )
  const signerCertificate = signerInfo ? findSigner(signerInfo, certificates) : null
  if (!signerInfo || !signerCertificate) {
    return { ...base, intact: false, problems: [...problems, 'signature.certificate_missing'] }
  }
  const signer = describeCertificate(signerCertificate)
  const evidence: SignatureEvidence = {
    signatureValue: new Uint8Array(signerInfo.signature.valueBlock.valueHexView),
    certificates: certificateDers(signerCertificate, certificates),
    timestampToken: timestampTokenOf(signerInfo),
  }
  const digestName = digestNames[signerInfo.digestAlgorithm.algorithmId]

  let signatureVerified = false
  if (!digestName) {
    problems.push('signature.unsupported')
  } else {
    const digest = createHash(digestName).update(signed).digest()
    const expected = signedAttribute(signerInfo, OID.messageDigest)
    // adbe.pkcs7.sha1 signs a SHA-1 digest carried as the encapsulated content instead.
    const eContent = signedData.encapContentInfo.eContent
    const carried = eContent?.getValue().byteLength ? new Uint8Array(eContent.getValue()) : undefined
    // Some signers write an empty eContent into a detached signature; pkijs would verify that.
    if (!carried) signedData.encapContentInfo.eContent = undefined
    const claimed = expected ? (expected as asn1js.OctetString).valueBlock.valueHexView : carried
    if (!claimed || !Buffer.from(claimed).equals(digest)) {
      problems.push('signature.digest_mismatch')
    } else {
      signatureVerified = await verifySignedData(signedData, carried ? undefined : signed)
      if (!signatureVerified) problems.push('signature.invalid')
    }
  }

  const timestamp = await checkTimestamp(signerInfo, roots)
  const claimedTime = base.signingTime ?? signingTimeAttribute(signerInfo)
  const trusted = await chainIsTrusted(
    signerCertificate,
    certificates,
    roots,
    timestamp?.verified ? timestamp.time : (claimedTime ?? new Date()),
  )
  const issuer = certificates.find((candidate) => candidate.subject.isEqual(signerCertificate.issuer))
  const revocation = await revocationOf(signerCertificate, issuer, revocationData)
  // Proved to exist at the timestamp's time (or, without one, at the time it claims): a certificate revoked
  // later leaves it valid, one revoked before does not.
  const provedAt = timestamp?.verified ? timestamp.time : claimedTime
  return {
    ...base,
    revocation,
    revokedBeforeSigning:
      revocation.revokedAt !== null && (provedAt === null || revocation.revokedAt <= provedAt),
    intact: problems.length === 0 && signatureVerified,
    problems,
    signer,
    quality: qualityOf(signer.policies),
    demo: signer.policies.includes(OID.policyDemo),
    trusted,
    signingTime: claimedTime,
    timestamp,
    evidence,
  }
}

/** `first`, then the others of `certificates`, as DER. */
function certificateDers(first: pkijs.Certificate, certificates: pkijs.Certificate[]): Uint8Array[] {
  return [first, ...certificates.filter((certificate) => certificate !== first)].map(
    (certificate) => new Uint8Array(certificate.toSchema().toBER(false)),
  )
}

function timestampTokenOf(signerInfo: pkijs.SignerInfo): Uint8Array | null {
  const value = signerInfo.unsignedAttrs?.attributes.find(
    (candidate) => candidate.type === OID.signatureTimeStampToken,
  )?.values[0]
  return value ? new Uint8Array(value.toBER(false)) : null
}

// A document timestamp (PAdES B-LTA) is a bare RFC 3161 token over the byte range.
async function checkDocumentTimestamp(
  token: pkijs.SignedData,
  signed: Uint8Array,
  roots: pkijs.Certificate[],
  problems: SignatureProblem[],
): Promise<Pick<SignatureReport, 'intact' | 'problems' | 'signer' | 'trusted' | 'timestamp' | 'evidence'>> {
  const check = await checkToken(token, signed, roots).catch(() => null)
  if (!check) {
    return {
      intact: false,
      problems: [...problems, 'signature.cms_unreadable'],
      signer: null,
      trusted: false,
      timestamp: null,
      evidence: { signatureValue: null, certificates: [], timestampToken: null },
    }
  }
  if (!check.imprintMatches) problems.push('signature.digest_mismatch')
  else if (!check.report.verified) problems.push('signature.invalid')
  return {
    intact: problems.length === 0,
    problems,
    signer: check.tsaCertificate ? describeCertificate(check.tsaCertificate) : null,
    trusted: check.report.trusted,
    timestamp: check.report,
    evidence: {
      signatureValue: token.signerInfos[0]
        ? new Uint8Array(token.signerInfos[0].signature.valueBlock.valueHexView)
        : null,
      certificates: check.tsaCertificate ? certificateDers(check.tsaCertificate, check.certificates) : [],
      timestampToken: null,
    },
  }
}

async function verifySignedData(signedData: pkijs.SignedData, data?: Uint8Array): Promise<boolean> {
  try {
    const result = await signedData.verify(
      { signer: 0, ...(data ? { data: Uint8Array.from(data).buffer } : {}), extendedMode: true },
      cryptoEngine,
    )
    return result.signatureVerified === true
  } catch {
    return false
  }
}

async function checkTimestamp(
  signerInfo: pkijs.SignerInfo,
  roots: pkijs.Certificate[],
): Promise<TimestampReport | null> {
  const attribute = signerInfo.unsignedAttrs?.attributes.find(
    (candidate) => candidate.type === OID.signatureTimeStampToken,
  )
  const value = attribute?.values[0]
  if (!value) return null
  try {
    const token = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: value }).content })
    const check = await checkToken(token, signerInfo.signature.valueBlock.valueHexView, roots)
    return check?.report ?? null
  } catch {
    return null
  }
}

type TokenCheck = {
  report: TimestampReport
  imprintMatches: boolean
  tsaCertificate: pkijs.Certificate | null
  certificates: pkijs.Certificate[]
}

// An RFC 3161 token over `timestamped`: a signature's value, or a document timestamp's byte range.
async function checkToken(
  token: pkijs.SignedData,
  timestamped: Uint8Array,
  roots: pkijs.Certificate[],
): Promise<TokenCheck | null> {
  const eContent = token.encapContentInfo.eContent
  if (!eContent) return null
  const tstInfo = pkijs.TSTInfo.fromBER(new Uint8Array(eContent.getValue()))
  const imprintDigest = digestNames[tstInfo.messageImprint.hashAlgorithm.algorithmId]
  const imprintMatches =
    imprintDigest !== undefined &&
    Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView).equals(
      createHash(imprintDigest).update(timestamped).digest(),
    )
  const certificates = (token.certificates ?? []).filter(
    (candidate): candidate is pkijs.Certificate => candidate instanceof pkijs.Certificate,
  )
  const tokenSignerInfo = token.signerInfos[0]
  const tsaCertificate = tokenSignerInfo ? findSigner(tokenSignerInfo, certificates) : null
  // For a TSTInfo, pkijs checks the imprint against `data`: what was timestamped.
  const verified = imprintMatches && (await verifySignedData(token, timestamped))
  const trusted =
    verified &&
    tsaCertificate !== null &&
    (await chainIsTrusted(tsaCertificate, certificates, roots, tstInfo.genTime))
  return {
    report: {
      time: tstInfo.genTime,
      verified,
      trusted,
      authority: tsaCertificate ? describeCertificate(tsaCertificate).commonName : null,
    },
    imprintMatches,
    tsaCertificate,
    certificates,
  }
}

// pkijs follows issuers without noticing loops: two CA certificates that issue each other keep it looking
// for ever. A real chain takes one look-up per certificate in it.
const maxIssuerLookups = 32

async function chainIsTrusted(
  leaf: pkijs.Certificate,
  certificates: pkijs.Certificate[],
  roots: pkijs.Certificate[],
  checkDate: Date,
): Promise<boolean> {
  if (roots.length === 0) return false
  let lookups = 0
  try {
    const engine = new pkijs.CertificateChainValidationEngine({
      trustedCerts: roots,
      certs: [leaf, ...certificates.filter((certificate) => certificate !== leaf)],
      checkDate,
      findIssuer: async (certificate, validation, crypto) => {
        lookups += 1
        if (lookups > maxIssuerLookups) throw new Error('The certificate chain does not end')
        return validation.defaultFindIssuer(certificate, validation, crypto)
      },
    })
    const result = await engine.verify({}, cryptoEngine)
    return result.result
  } catch {
    return false
  }
}

function findSigner(
  signerInfo: pkijs.SignerInfo,
  certificates: pkijs.Certificate[],
): pkijs.Certificate | null {
  const sid = signerInfo.sid
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return (
      certificates.find(
        (certificate) =>
          certificate.issuer.isEqual(sid.issuer) && certificate.serialNumber.isEqual(sid.serialNumber),
      ) ?? null
    )
  }
  // A subjectKeyIdentifier sid: match it against each certificate's SKI extension.
  const keyId = Buffer.from((sid as asn1js.Primitive).valueBlock.valueHexView)
  return (
    certificates.find((certificate) => {
      const extension = certificate.extensions?.find(
        (candidate) => candidate.extnID === OID.subjectKeyIdentifier,
      )
      const parsed = extension ? asn1js.fromBER(extension.extnValue.valueBlock.valueHexView).result : null
      return parsed instanceof asn1js.OctetString && keyId.equals(parsed.valueBlock.valueHexView)
    }) ?? null
  )
}

function signedAttribute(signerInfo: pkijs.SignerInfo, type: string): unknown {
  return signerInfo.signedAttrs?.attributes.find((candidate) => candidate.type === type)?.values[0]
}

function signingTimeAttribute(signerInfo: pkijs.SignerInfo): Date | null {
  const value = signedAttribute(signerInfo, OID.signingTime)
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) return value.toDate()
  return null
}

// A QTSP's qualified certificate names the ETSI policy of a key on a qualified signature creation device.
export function qualityOf(policies: string[]): SignatureQuality | 'unknown' {
  if ([OID.policyQes, OID.qcpNaturalQscd, OID.qcpLegalQscd].some((oid) => policies.includes(oid)))
    return 'qes'
  if (policies.includes(OID.policyAes)) return 'aes'
  if (policies.includes(OID.policySes)) return 'ses'
  return 'unknown'
}

function text(dict: PdfDict, key: string): string | null {
  const value = dict.get(key)
  if (value instanceof PdfString) return value.asString()
  if (value instanceof PdfName) return value.value
  return null
}

// PDF dates: D:YYYYMMDDHHmmSS followed by Z, or +HH'mm', or -HH'mm', each part after the year optional.
function pdfDate(value: string | null): Date | null {
  const match = value?.match(/^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/)
  if (!match) return null
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', zone] = match
  const offset = !zone || zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.replace(/'/g, '').slice(3, 5)}`
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`)
  return Number.isNaN(date.getTime()) ? null : date
}
