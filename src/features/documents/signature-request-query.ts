import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiPaths } from '../../../contract/paths.ts'
import {
  type SignatureRequestEventList,
  type SignatureRequestView,
  signatureRequestEventsSchema,
  signatureRequestSchema,
} from '../../../contract/signature-requests.ts'
import type { SignatureRequestListQuery } from '../../../machines/request-filters/filter-query.ts'
import type { ApiClient } from '../../api/client.ts'

/**
 * The query keys of signature requests, the one place they are spelled: the caller's lists (every filter
 * and search under `lists`), and one request with what is read about it (its history under `detail`).
 */
export const signatureRequestKeys = {
  lists: () => ['signature-requests'] as const,
  list: (filter: SignatureRequestListQuery, title: string) => ['signature-requests', filter, title] as const,
  detail: (id: string) => ['signature-request', id] as const,
  events: (id: string) => ['signature-request', id, 'events'] as const,
}

/** One signature request the caller owns or signs (GET /v3/signature-requests/{id}). */
export function getSignatureRequestQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: signatureRequestKeys.detail(id),
    queryFn: async ({ signal }): Promise<SignatureRequestView> =>
      v.parse(signatureRequestSchema, await api.request(apiPaths.signatureRequest(id), { signal })),
  })
}

/** The audit trail of a request, oldest first (GET .../events). */
export function getRequestEventsQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: signatureRequestKeys.events(id),
    queryFn: async ({ signal }): Promise<SignatureRequestEventList> =>
      v.parse(
        signatureRequestEventsSchema,
        await api.request(apiPaths.signatureRequestEvents(id), { signal }),
      ),
  })
}
