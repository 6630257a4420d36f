import type { ValidationReportView } from '../../contract/validation.ts'
import { readLimited, readUpload } from '../documents/read-upload.ts'
import { ApiError } from '../http/api-error.ts'
import {
  documentTimestampFilter,
  maxSignatures,
  type SignatureReport,
  type ValidationReport,
} from './validate-pdf.ts'
import type { ValidationPool } from './validate-pool.ts'

/** What validating an uploaded PDF needs: the workers that check it and the largest file to read. */
export type ValidationServices = {
  /** Undefined while the server has not started one: validation answers 503. */
  validator: ValidationPool | undefined
  maxBytes: number
}

const pdfMagic = '%PDF-'

/**
 * Validates the PDF uploaded as the multipart `file` of `request`: every signature, whether it is intact,
 * who signed, when, with which quality, whether its chain leads to the platform's root, and whether the
 * document changed after it. The file is held in memory only while it is checked and never stored; a
 * worker thread checks it (see {@link ValidationPool} for the refusals when they are all busy).
 */
export async function validateUpload(
  services: ValidationServices,
  request: Request,
): Promise<Extract<ValidationReport, { status: 'ok' }>> {
  const validator = services.validator
  if (validator === undefined) throw new ApiError(503, 'server.unavailable', 'Validation is not available')
  // Refused before the upload is read, so a busy server does not hold many large files in memory.
  validator.assertRoom()
  const upload = await readUpload(request, (file) => readLimited(file, services.maxBytes))
  if (upload.filename === undefined) {
    throw new ApiError(400, 'request.invalid', 'file: send the PDF in a part named file', { field: 'file' })
  }
  const bytes = upload.file
  if (bytes === undefined) {
    throw new ApiError(413, 'document.too_large', `The file is larger than ${services.maxBytes} bytes`)
  }
  return validatePdfBytes(services, bytes)
}

/**
 * Validates the PDF `bytes` (read already, within the limit) in a worker, as {@link validateUpload} does: an
 * empty file is 422, one that is not a PDF 415, and the refusals of the worker 422.
 */
export async function validatePdfBytes(
  services: ValidationServices,
  bytes: Uint8Array,
): Promise<Extract<ValidationReport, { status: 'ok' }>> {
  const validator = services.validator
  if (validator === undefined) throw new ApiError(503, 'server.unavailable', 'Validation is not available')
  if (bytes.length === 0) throw new ApiError(422, 'document.empty', 'The file is empty')
  if (Buffer.from(bytes.subarray(0, 1024)).toString('latin1').indexOf(pdfMagic) === -1) {
    throw new ApiError(415, 'document.not_pdf', 'The file is not a PDF')
  }
  const report = await validator.validate(bytes)
  if (report.status === 'unreadable') throw new ApiError(422, report.code, 'The PDF cannot be read')
  if (report.status === 'too_complex') {
    throw new ApiError(
      422,
      report.code,
      `The PDF is too complex to validate: it has more than ${maxSignatures} signatures`,
    )
  }
  return report
}

/** The report as `POST /v1/validate` answers it in JSON. */
export function validationReportView(
  report: Extract<ValidationReport, { status: 'ok' }>,
): ValidationReportView {
  return { signatures: report.signatures.map(toView) }
}

function toView(signature: SignatureReport): ValidationReportView['signatures'][number] {
  const { signer, timestamp } = signature
  return {
    fieldName: signature.fieldName,
    kind: signature.subFilter === documentTimestampFilter ? 'document_timestamp' : 'signature',
    signingName: signature.signingName,
    reason: signature.reason,
    contactInfo: signature.contactInfo,
    intact: signature.intact,
    problems: signature.problems,
    signer: signer && {
      commonName: signer.commonName,
      email: signer.email,
      organization: signer.organization,
      issuerCommonName: signer.issuerCommonName,
      serialNumber: signer.serialNumber,
      notBefore: signer.notBefore.toISOString(),
      notAfter: signer.notAfter.toISOString(),
    },
    quality: signature.quality,
    demo: signature.demo,
    trusted: signature.trusted,
    signingTime: signature.signingTime?.toISOString() ?? null,
    timestamp: timestamp && {
      time: timestamp.time.toISOString(),
      verified: timestamp.verified,
      trusted: timestamp.trusted,
      authority: timestamp.authority,
    },
    changedAfter: signature.changedAfter,
    level: signature.level,
    revocation: signature.revocation && {
      ...signature.revocation,
      revokedAt: signature.revocation.revokedAt?.toISOString() ?? null,
    },
    revokedBeforeSigning: signature.revokedBeforeSigning,
  }
}
