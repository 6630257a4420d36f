import type { ApiErrorBody, ErrorCode } from '../../contract/errors.ts'

/** Optional details of an {@link ApiError}. */
export type ApiErrorOptions = {
  /** The wrong input, as a dot path in wire case (see the contract's error shape). */
  field?: string
  /** What went wrong underneath; logged for 5xx answers, never sent. */
  cause?: unknown
  /** When to try again, sent as the answer's Retry-After header. */
  retryAfterSeconds?: number
}

/**
 * An expected failure of a request, thrown from a handler and answered by the app's error handler in the
 * one error shape of the contract.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: ErrorCode
  readonly field: string | undefined
  readonly retryAfterSeconds: number | undefined

  constructor(status: number, code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, { cause: options.cause })
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.field = options.field
    this.retryAfterSeconds = options.retryAfterSeconds
  }

  /** The wire body of this error for a request to `path`. */
  toBody(path: string): ApiErrorBody {
    const body: ApiErrorBody = { status: this.status, code: this.code, message: this.message, path }
    return this.field === undefined ? body : { ...body, field: this.field }
  }
}
