/** What the caller's fetch actor resolves: the HTTP status, the Retry-After seconds on a 503, and the data on success. */
export interface PageFetchResult {
  status: number
  /** Seconds from the `Retry-After` header, when the answer carried one. */
  retryAfter?: number
  data?: unknown
}

/** Input of the caller's fetch actor. */
export interface PageFetchInput {
  /** 0 for the first try, then the number of retries so far. */
  attempt: number
}

/** Options of the page-loading machine. */
export interface PageLoadingInput {
  /**
   * Retries before giving up.
   * @default 10
   */
  maxRetries?: number
}

/** Stable codes of a failed page load. */
type PageLoadingError = 'page.load_failed'

/** Context of the page-loading machine. */
export interface PageLoadingContext {
  maxRetries: number
  /** Retries made so far. */
  attempt: number
  /** Seconds the last 503 asked to wait. */
  retryAfter: number
  data: unknown
  /** The last status answered, or null after a network error. */
  status: number | null
  error: PageLoadingError | null
}

/** Events of the page-loading machine. */
export type PageLoadingEvent = { type: 'page.retry' }
