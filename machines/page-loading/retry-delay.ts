/** SPEC §9: the first retry waits 100 ms. */
export const PAGE_RETRY_BASE_DELAY_MS = 100

/** SPEC §9: no retry waits longer than 5000 ms. */
export const PAGE_RETRY_MAX_DELAY_MS = 5000

/** SPEC §8-9: a page load gives up after 10 retries. */
export const PAGE_MAX_RETRIES = 10

/** SPEC §9: the wait before retry number `attempt` (from 0) is 100 ms x 2^attempt, capped at 5000 ms. */
export function retryDelay(attempt: number): number {
  return Math.min(PAGE_RETRY_BASE_DELAY_MS * 2 ** attempt, PAGE_RETRY_MAX_DELAY_MS)
}
