import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiPaths } from '../../../contract/paths.ts'
import {
  type SignatureRequestPage,
  signatureRequestPageSchema,
} from '../../../contract/signature-requests.ts'
import type { SignatureRequestListQuery } from '../../../machines/request-filters/filter-query.ts'
import type { ApiClient } from '../../api/client.ts'

/** How many requests one list page shows. */
export const requestPageSize = 20

/**
 * One page of the caller's signature requests (GET /v3/signature-requests) whose title contains `title`
 * (all when empty); `page` counts from 0 as on the wire.
 */
export function getSignatureRequestsQueryOptions(
  api: ApiClient,
  filter: SignatureRequestListQuery,
  page: number,
  title = '',
) {
  return queryOptions({
    queryKey: ['signature-requests', filter, page, title],
    queryFn: async ({ signal }): Promise<SignatureRequestPage> =>
      v.parse(
        signatureRequestPageSchema,
        await api.request(apiPaths.signatureRequests(), {
          query: { ...filter, page, size: requestPageSize, title: title || undefined },
          signal,
        }),
      ),
    // Paging keeps the old page on screen until the next one is there.
    placeholderData: keepPreviousData,
  })
}
