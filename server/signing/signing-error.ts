/** Stable codes for everything that can stop a PDF from being signed. */
export type SigningErrorCode =
  | 'signing.pdf_unreadable'
  | 'signing.pdf_encrypted'
  | 'signing.page_out_of_range'
  | 'signing.incremental_update_impossible'
  | 'signing.signature_too_large'

/** A signing failure carrying a stable code for the caller to map to an answer. */
export class SigningError extends Error {
  readonly code: SigningErrorCode

  constructor(code: SigningErrorCode, message: string) {
    super(message)
    this.name = 'SigningError'
    this.code = code
  }
}
