import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiPaths } from '../../../contract/paths.ts'
import {
  type SignatureRequestEventList,
  type SignatureRequestView,
  signatureRequestEventsSchema,
  signatureRequestSchema,
} from '../../../contract/signature-requests.ts'
import type { ApiClient } from '../../api/client.ts'

/** One signature request the caller owns or signs (GET /v3/signature-requests/{id}). */
export function getSignatureRequestQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: ['signature-request', id],
    queryFn: async ({ signal }): Promise<SignatureRequestView> =>
      v.parse(signatureRequestSchema, await api.request(apiPaths.signatureRequest(id), { signal })),
  })
}

/** The audit trail of a request, oldest first (GET .../events). */
export function getRequestEventsQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: ['signature-request', id, 'events'],
    queryFn: async ({ signal }): Promise<SignatureRequestEventList> =>
      v.parse(
        signatureRequestEventsSchema,
        await api.request(apiPaths.signatureRequestEvents(id), { signal }),
      ),
  })
}
