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
  /** No stored document with this hash. */
  'document.not_found': 404,
  /** A page number past the end of the document. */
  'document.page_not_found': 404,
} as const

/** One of the keys of {@link documentErrorStatus}. */
export type DocumentErrorCode = keyof typeof documentErrorStatus

/** A refusal as a value: what `inspectPdf` answers for a bad file. */
export type DocumentFailure = { ok: false; code: DocumentErrorCode; status: number }

/** The refusal value for `code`. */
export function documentFailure(code: DocumentErrorCode): DocumentFailure {
  return { ok: false, code, status: documentErrorStatus[code] }
}

/** A refusal thrown where a value cannot be returned (a stream that errors, a render job that rejects). */
export class DocumentError extends Error {
  readonly code: DocumentErrorCode
  readonly status: number

  constructor(code: DocumentErrorCode, message: string = code) {
    super(message)
    this.name = 'DocumentError'
    this.code = code
    this.status = documentErrorStatus[code]
  }
}
