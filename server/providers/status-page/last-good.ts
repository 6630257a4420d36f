import type { StatusPageData } from '../../../machines/maintenance/status-page.types.ts'
import { StatusPageUnavailableError } from './status-page-unavailable.ts'

/**
 * The last status page read successfully, which stands in for a broken source for `maxStaleMs`: a
 * maintenance that ends while the source is broken must not hold users on /maintenance for ever.
 */
export function createLastGood(maxStaleMs: number, now: () => number) {
  let last: { data: StatusPageData; at: number } | undefined
  return {
    keep(data: StatusPageData): StatusPageData {
      last = { data, at: now() }
      return data
    },
    /** The last good answer, or a rejection with `cause` when there is none recent enough. */
    orFail(cause: unknown): StatusPageData {
      if (last && now() - last.at <= maxStaleMs) return last.data
      throw new StatusPageUnavailableError('The status page cannot be read right now', { cause })
    },
  }
}
