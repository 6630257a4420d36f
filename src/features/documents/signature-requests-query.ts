import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiPaths } from '../../../contract/paths.ts'
import {
  type SignatureRequestPage,
  signatureRequestPageSchema,
} from '../../../contract/signature-requests.ts'
import type { SignatureRequestListQuery } from '../../../machines/request-filters/filter-query.ts'
import type { ApiClient } from '../../api/client.ts'
import { signatureRequestKeys } from './signature-request-query.ts'

/** How many requests the list asks the server for at a time. */
const requestPageSize = 50

/**
 * The caller's signature requests (GET /v3/signature-requests) whose title contains `title` (all when
 * empty), fetched a page at a time as the list scrolls; pages count from 0 as on the wire.
 */
export function getSignatureRequestsQueryOptions(
  api: ApiClient,
  filter: SignatureRequestListQuery,
  title = '',
) {
  return infiniteQueryOptions({
    queryKey: signatureRequestKeys.list(filter, title),
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<SignatureRequestPage> =>
      v.parse(
        signatureRequestPageSchema,
        await api.request(apiPaths.signatureRequests(), {
          query: { ...filter, page: pageParam, size: requestPageSize, title: title || undefined },
          signal,
        }),
      ),
    getNextPageParam: (last) => ((last.page + 1) * last.size < last.total ? last.page + 1 : undefined),
    // A new filter or search keeps the old list on screen until its first page is there.
    placeholderData: keepPreviousData,
  })
}
