import type { SigningErrorCode } from '../../../machines/signing/signing.types.ts'

/** Thrown by a signing overlay's handler when it failed, so the overlay stays and says why. */
export class SigningFailure extends Error {
  readonly code: SigningErrorCode
  constructor(code: SigningErrorCode) {
    super(code)
    this.name = 'SigningFailure'
    this.code = code
  }
}
