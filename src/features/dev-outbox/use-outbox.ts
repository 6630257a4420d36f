import { queryOptions, useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import * as v from 'valibot'
import { outboxListSchema, outboxPaths } from '../../../contract/outbox.ts'
import type { ApiClient } from '../../api/client.ts'

/**
 * The outbox's mails, newest first, and the jobs not yet done (`GET /dev/outbox`); polled, so a mail the
 * server just sent shows up.
 */
export function getOutboxQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['dev-outbox'],
    queryFn: async () => v.parse(outboxListSchema, await api.request(outboxPaths.outbox())),
    refetchInterval: 5000,
  })
}

/** The outbox, with the API client of the router context. */
export function useOutbox() {
  const { api } = useRouteContext({ from: '__root__' })
  return useQuery(getOutboxQueryOptions(api))
}
