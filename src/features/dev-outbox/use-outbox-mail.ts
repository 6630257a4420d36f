import { queryOptions, useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import * as v from 'valibot'
import { outboxMailSchema, outboxPaths } from '../../../contract/outbox.ts'
import type { ApiClient } from '../../api/client.ts'

/** One mail of the outbox with its text, HTML and links (`GET /dev/outbox/{id}`); a written mail never changes. */
export function getOutboxMailQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: ['dev-outbox', id],
    queryFn: async () => v.parse(outboxMailSchema, await api.request(outboxPaths.outboxMail(id))),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** One mail of the outbox, with the API client of the router context. */
export function useOutboxMail(id: string) {
  const { api } = useRouteContext({ from: '__root__' })
  return useQuery(getOutboxMailQueryOptions(api, id))
}
