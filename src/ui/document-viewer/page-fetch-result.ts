import type { PageFetchResult } from '../../../machines/page-loading/page-loading.types.ts'

/** What a failed page load may carry: the HTTP status and, on a 503, the seconds to wait (as `ApiError` does). */
interface StatusError {
  status: number
  retryAfterSeconds?: number
}

function hasStatus(error: unknown): error is StatusError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    (error as StatusError).status > 0
  )
}

/**
 * Turns one call of the caller's `loadPage` into the answer the page-loading machine decides on. An
 * empty image is a 202 (the page is still being rendered); an error with an HTTP status is that status;
 * anything else (the network) is thrown, which the machine retries too.
 */
export async function toPageFetchResult(load: () => Promise<Blob>): Promise<PageFetchResult> {
  try {
    const image = await load()
    return image.size > 0 ? { status: 200, data: image } : { status: 202 }
  } catch (error) {
    if (!hasStatus(error)) throw error
    return { status: error.status, retryAfter: error.retryAfterSeconds }
  }
}
