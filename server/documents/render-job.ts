import type { MailLocale } from '../mail/mail-locale.ts'
import type { ArchiveAuthorities, ArchiveRenewal } from '../signing/archive-pdf.ts'
import type { RenderedValidationReport } from '../signing/render-validation-report-pdf.ts'
import type { PreparedSignature, SignaturePlan } from '../signing/sign-pdf.ts'
import type { SigningErrorCode } from '../signing/signing-error.ts'
import type { ValidationReportFacts } from '../signing/validation-report-facts.ts'
import type { FileStorageOptions } from '../storage/create-file-storage.ts'
import type { SheetFormat, SheetResult } from '../templates/read-sheet.ts'
import type { DocumentErrorCode, DocumentFailure } from './document-error.ts'
import type { PdfInspection } from './inspect-pdf.ts'

/** What a PDF worker starts with. */
export type RenderWorkerData = { storage: FileStorageOptions; quality: number }

/** One piece of work on a PDF, sent to a worker. */
export type RenderJobMessage =
  /** Render page `page` (from 0) of a stored document at `scale` to a stored WebP. */
  | { id: number; type: 'render'; docHash: string; page: number; scale: number }
  /** The text of page `page` of a stored document, stored beside its images. */
  | { id: number; type: 'text'; docHash: string; page: number }
  /** Decide whether the uploaded file at `path` is a PDF the product takes, and read what it keeps of it. */
  | { id: number; type: 'inspect'; path: string; maxPages: number }
  /** Append a signature's update to `pdf`, ready for its CMS (see `preparePdfSignature`). */
  | { id: number; type: 'sign'; pdf: Uint8Array; plan: SignaturePlan }
  /** Make a signed PDF B-LTA (see `archivePdf`), asking the pool for its timestamp and revocation data. */
  | { id: number; type: 'archive'; pdf: Uint8Array }
  /** Renew a B-LTA PDF's archive timestamp if due (see `renewArchiveTimestamp`); `renewBefore` in ms. */
  | { id: number; type: 'renew-archive'; pdf: Uint8Array; renewBefore: number }
  /** Read the rows of a bulk send's CSV or XLSX file (see `readSheet`). */
  | { id: number; type: 'sheet'; bytes: Uint8Array; format: SheetFormat }
  /** Draw a validation's PDF report in `locale` (see `renderValidationReportPdf`), to be sealed. */
  | { id: number; type: 'validation-report'; facts: ValidationReportFacts; locale: MailLocale }

/** Where the time of one rendered page went, in milliseconds; all zero when it was already stored. */
export type RenderTiming = { renderMs: number; encodeMs: number; storeMs: number }

/** What each kind of job answers. */
export type RenderJobResult = {
  render: { key: string } & RenderTiming
  text: { text: string }
  inspect: { inspection: PdfInspection | DocumentFailure }
  sign: PreparedSignature
  archive: { bytes: Uint8Array }
  'renew-archive': ArchiveRenewal
  sheet: SheetResult
  'validation-report': RenderedValidationReport
}

/** What a worker asks the API process during a job, which holds the keys: one of {@link ArchiveAuthorities}. */
export type ArchiveQuestion =
  | {
      kind: 'timestamp'
      digest: Uint8Array
      algorithm: Parameters<ArchiveAuthorities['tsa']['timestamp']>[1]
    }
  | { kind: 'ocsp'; cert: Uint8Array; issuer: Uint8Array }
  | { kind: 'crl'; cert: Uint8Array }

/** A worker's question `ask` for its job `id`. */
export type RenderQuestionMessage = { id: number; ask: number; question: ArchiveQuestion }

/** The pool's answer to a worker's question `answer`. */
export type RenderAnswerMessage =
  | { answer: number; ok: true; value: Uint8Array | null }
  | { answer: number; ok: false; message: string }

/** What a worker says: that it has loaded, a question about its job, or a job's result or why it could not be done. */
export type RenderWorkerMessage = 'ready' | RenderQuestionMessage | RenderResultMessage

/** A worker's answer: the job's result, or why it could not be done. */
export type RenderResultMessage =
  | { id: number; ok: true; result: RenderJobResult[keyof RenderJobResult] }
  | { id: number; ok: false; code: DocumentErrorCode | SigningErrorCode | undefined; message: string }

/** Scale 100 is the page at 96 dpi (PDF points are 1/72 inch), so 1 pt becomes 4/3 px; 20 is a thumbnail. */
export function pixelsPerPoint(scale: number): number {
  return (scale / 100) * (96 / 72)
}
