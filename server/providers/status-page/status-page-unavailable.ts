/** The status page could not be read and no recent good answer is known; the API answers 503 `status.unavailable`. */
export class StatusPageUnavailableError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.name = 'StatusPageUnavailableError'
  }
}
