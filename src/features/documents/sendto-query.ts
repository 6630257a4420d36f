import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { type SendtoSummary, sendtoSummarySchema } from '../../../contract/direct.ts'
import { apiPaths } from '../../../contract/paths.ts'
import type { ApiClient } from '../../api/client.ts'

/** What a direct link is for, as its holder sees it before claiming it (GET /v3/sendto/{id}/get-internal). */
export function getSendtoQueryOptions(api: ApiClient, id: string, token: string) {
  return queryOptions({
    queryKey: ['sendto', id, token],
    queryFn: async ({ signal }): Promise<SendtoSummary> =>
      v.parse(sendtoSummarySchema, await api.request(apiPaths.sendtoGetInternal(id, token), { signal })),
    staleTime: 0,
  })
}
