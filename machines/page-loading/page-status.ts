/** Statuses the generic HTTP layer retries (SPEC §7). */
const retryable = new Set([408, 409, 425, 429, 500, 502, 503, 504])

/** A 202 means the page image is still being rendered: retried like a failure (SPEC §8). */
export function isRetryableStatus(status: number): boolean {
  return status === 202 || retryable.has(status)
}

/** A final success: a 2xx other than 202. */
export function isLoadedStatus(status: number): boolean {
  return status >= 200 && status < 300 && status !== 202
}
