import type { Readable } from 'node:stream'
import type { ValidationReportView } from '../../contract/validation.ts'
import { readUpload } from '../documents/read-upload.ts'
import { ApiError } from '../http/api-error.ts'
import { type SignatureReport, validatePdf } from './validate-pdf.ts'

/** What validating an uploaded PDF needs: the roots to trust and the largest file to read. */
export type ValidationServices = {
  trustedRoots: Uint8Array[]
  maxBytes: number
}

const pdfMagic = '%PDF-'

async function readLimited(file: Readable, maxBytes: number): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) {
      file.destroy()
      return undefined
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/**
 * Validates the PDF uploaded as the multipart `file` of `request`: every signature, whether it is intact,
 * who signed, when, with which quality, whether its chain leads to the platform's root, and whether the
 * document changed after it. The file is held in memory only while it is checked and never stored.
 */
export async function validateUpload(
  services: ValidationServices,
  request: Request,
): Promise<ValidationReportView> {
  const upload = await readUpload(request, (file) => readLimited(file, services.maxBytes))
  if (upload.filename === undefined) {
    throw new ApiError(400, 'request.invalid', 'file: send the PDF in a part named file', { field: 'file' })
  }
  const bytes = upload.file
  if (bytes === undefined) {
    throw new ApiError(413, 'document.too_large', `The file is larger than ${services.maxBytes} bytes`)
  }
  if (bytes.length === 0) throw new ApiError(422, 'document.empty', 'The file is empty')
  if (Buffer.from(bytes.subarray(0, 1024)).toString('latin1').indexOf(pdfMagic) === -1) {
    throw new ApiError(415, 'document.not_pdf', 'The file is not a PDF')
  }
  const report = await validatePdf(bytes, { trustedRoots: services.trustedRoots })
  if (report.status === 'unreadable') throw new ApiError(422, report.code, 'The PDF cannot be read')
  return { signatures: report.signatures.map(toView) }
}

function toView(signature: SignatureReport): ValidationReportView['signatures'][number] {
  const { signer, timestamp } = signature
  return {
    fieldName: signature.fieldName,
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
    // Bytes appended after the last signature change the document even when they are no proper revision.
    changedAfter:
      signature.changedAfter || (!signature.coversWholeFile && signature.laterSignatures.length === 0),
  }
}
