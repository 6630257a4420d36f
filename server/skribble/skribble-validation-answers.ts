import { nameText } from '../signing/certificate-info.ts'
import { etsiStatus } from '../signing/etsi-validation-report.ts'
import {
  documentTimestampFilter,
  type SignatureReport,
  type ValidationReport,
} from '../signing/validate-pdf.ts'
import type { ValidationReportFacts } from '../signing/validation-report-facts.ts'
import { parseCertificate } from '../signing/x509.ts'

/** What Skribble's `POST /validate/document` may require of a document (its query). */
export type SkribbleRequirements = {
  quality?: 'SES' | 'AES' | 'QES' | undefined
  longTermValidation?: boolean | undefined
  legislation?: 'WORLD' | 'CH' | 'EU' | 'CH_EU' | undefined
  rejectUndefinedChanges?: boolean | undefined
}

/** A stored validation's answers: its summary, and its signers, format and validation infos. */
export type SkribbleValidationResult = {
  summary: Record<string, unknown>
  signer: Record<string, unknown>[]
  format: Record<string, unknown>
  validation: { indication: string; subIndication?: string; details: string[] }
  /** What the PDF validation report states, of a document validation only. */
  facts?: ValidationReportFacts
}

const qualityRank = { SES: 1, AES: 2, QES: 3 } as const
type SkribbleQuality = keyof typeof qualityRank

/**
 * A signature's quality as Skribble names it: a demo certificate's qualified signature is advanced (as the ETSI
 * report qualifies it), and a signature of a certificate Signet does not know is at least a simple one.
 */
function qualityOf(signature: SignatureReport): SkribbleQuality {
  if (signature.quality === 'qes') return signature.demo ? 'AES' : 'QES'
  return signature.quality === 'aes' ? 'AES' : 'SES'
}

const longTerm = (signature: SignatureReport) => signature.level === 'B-LT' || signature.level === 'B-LTA'

/** Skribble's indication of ETSI EN 319 102-1: `TOTAL-PASSED`, `TOTAL-FAILED`, `INDETERMINATE`. */
const indicationOf = (main: string) => main.toUpperCase()

/** The object without its undefined and null values: Skribble's schemas leave out what is not known. */
function known<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined && item !== null),
  ) as Partial<T>
}

function certificateOf(signature: SignatureReport) {
  const der = signature.evidence.certificates[0]
  if (der === undefined) return undefined
  const certificate = parseCertificate(der)
  const serial = Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex')
  return {
    subject: nameText(certificate.subject),
    issuer: nameText(certificate.issuer),
    serialNumber: BigInt(`0x${serial || '0'}`).toString(),
  }
}

/**
 * Signet's validation report of a PDF as Skribble's validation API answers it. Signet does not determine a
 * signature's legislation (left out, and a required one other than WORLD is not met) nor compare what a
 * document shows (`visualDifferences` left out; a change after a signature is `undefinedChanges`).
 */
export function skribbleDocumentValidation(
  id: string,
  report: Extract<ValidationReport, { status: 'ok' }>,
  requirements: SkribbleRequirements,
): SkribbleValidationResult {
  const signatures = report.signatures.filter((s) => s.subFilter !== documentTimestampFilter)
  const statuses = signatures.map((signature) => ({ signature, status: etsiStatus(signature) }))
  const passed = statuses.filter(({ status }) => status.main === 'total-passed').map((s) => s.signature)
  const qualities = passed.map(qualityOf)
  const quality = qualities.sort((a, b) => qualityRank[b] - qualityRank[a])[0]
  const longTermValidation = signatures.length > 0 && signatures.every(longTerm)
  const undefinedChanges = signatures.some((s) => s.changedAfter)
  const details: string[] = []
  if (signatures.length === 0) details.push('The document has no signature')
  for (const { signature, status } of statuses) {
    if (status.main !== 'total-passed') {
      details.push(
        `Signature ${signature.fieldName}: ${status.sub ?? indicationOf(status.main)}${
          signature.problems.length > 0 ? ` (${signature.problems.join(', ')})` : ''
        }`,
      )
    }
  }
  const { quality: required, legislation } = requirements
  if (required !== undefined && (quality === undefined || qualityRank[quality] < qualityRank[required]))
    details.push(`No valid signature has the quality ${required}`)
  if (requirements.longTermValidation === true && !longTermValidation)
    details.push('Not every signature carries its long-term validation data')
  if (legislation !== undefined && legislation !== 'WORLD')
    details.push(`Signet does not determine whether a signature meets the legislation ${legislation}`)
  if (requirements.rejectUndefinedChanges === true && undefinedChanges)
    details.push('The document was changed after a signature')
  const worst =
    statuses.find(({ status }) => status.main === 'total-failed')?.status ??
    statuses.find(({ status }) => status.main === 'indeterminate')?.status
  const valid = signatures.length > 0 && passed.length === signatures.length && details.length === 0
  return {
    summary: known({
      id,
      valid,
      signatures: signatures.length,
      validSignatures: passed.length,
      quality,
      longTermValidation,
      undefinedChanges,
    }),
    signer: signatures.map((signature, index) =>
      known({
        valid: statuses[index]?.status.main === 'total-passed',
        signer: signature.signingName ?? signature.signer?.commonName ?? signature.signer?.email,
        time: (signature.timestamp?.time ?? signature.signingTime)?.toISOString(),
        quality: qualityOf(signature),
        longTermValidation: longTerm(signature),
        undefinedChanges: signature.changedAfter,
        certificate: certificateOf(signature),
        optionalInfos: known({
          name: signature.signingName,
          contact: signature.contactInfo,
          location: signature.location,
          reason: signature.reason,
        }),
      }),
    ),
    format: { fileType: 'PDF' },
    validation: {
      indication:
        worst === undefined
          ? signatures.length === 0
            ? 'INDETERMINATE'
            : 'TOTAL-PASSED'
          : indicationOf(worst.main),
      ...(worst?.sub === null || worst === undefined ? {} : { subIndication: worst.sub }),
      details,
    },
  }
}

/** The answer of a validation with the additional infos its `infos` query asked for. */
export function withInfos(result: SkribbleValidationResult, infos: string[]): Record<string, unknown> {
  const additional = known({
    signer: infos.includes('signer') ? result.signer : undefined,
    format: infos.includes('format') ? result.format : undefined,
    validation: infos.includes('validation') ? result.validation : undefined,
  })
  return Object.keys(additional).length === 0
    ? result.summary
    : { ...result.summary, additionalInfos: additional }
}
