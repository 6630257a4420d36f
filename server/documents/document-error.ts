import { ApiError } from '../http/api-error.ts'

/** Stable codes of a refused document, with the HTTP status each is answered with. */
export const documentErrorStatus = {
  /** Not a PDF at all (no `%PDF-` header). */
  'document.not_pdf': 415,
  /** A zero-byte file: refused on its own code so the UI can say the file is empty. */
  'document.empty': 422,
  /** Encrypted (even with an empty user password): it could be neither rendered nor signed. */
  'document.encrypted': 422,
  /** Truncated or broken: no trailer, pdf.js cannot open it, or it has no pages. */
  'document.damaged': 422,
  /** Over the size limit of a document or of a request. */
  'document.too_large': 413,
  /** More pages than `MAX_PAGES`. */
  'document.too_many_pages': 422,
  /** Streams that decode past the limits, or reading it runs out of a worker's time or memory. */
  'document.too_complex': 422,
  /** No stored document with this hash. */
  'document.not_found': 404,
  /** A page number past the end of the document. */
  'document.page_not_found': 404,
} as const

/** One of the keys of {@link documentErrorStatus}. */
export type DocumentErrorCode = keyof typeof documentErrorStatus

/** A refusal as a value: what `inspectPdf` answers for a bad file. */
export type DocumentFailure = { ok: false; code: DocumentErrorCode; status: number; message?: string }

/** The refusal value for `code`, with what the error's message says beyond the code. */
export function documentFailure(code: DocumentErrorCode, message?: string): DocumentFailure {
  return { ok: false, code, status: documentErrorStatus[code], ...(message === undefined ? {} : { message }) }
}

/**
 * A refusal thrown where a value cannot be returned (a stream that errors, a render job that rejects); a
 * route that lets it through answers it as its status and code.
 */
export class DocumentError extends ApiError {
  declare readonly code: DocumentErrorCode

  constructor(code: DocumentErrorCode, message: string = code) {
    super(documentErrorStatus[code], code, message)
    this.name = 'DocumentError'
  }
}
