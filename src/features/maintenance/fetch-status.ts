import * as v from 'valibot'
import { accountPaths } from '../../../contract/account-paths.ts'
import { statusResponseSchema } from '../../../contract/status.ts'
import type { StatusPageData } from '../../../machines/maintenance/status-page.types.ts'
import type { ApiClient } from '../../api/client.ts'

/**
 * Fetches the status page from `GET /v1/status`. Not retried: the next poll is the retry, and a
 * 503 `status.unavailable` must not hold the app's start for its Retry-After.
 */
export async function fetchStatus(api: ApiClient): Promise<StatusPageData> {
  const body = await api.request<unknown>(accountPaths.status(), { retries: 0 })
  return v.parse(statusResponseSchema, body)
}
