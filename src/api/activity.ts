import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  type ActivityExport,
  type ActivityPage,
  type ActivityRange,
  type ActivityTab,
  activityExportFileName,
  activityPageSchemas,
  activityPaths,
  monthlyStatisticsSchema,
  type SignatureExportGrouping,
} from '../../contract/activity.ts'
import { businessKey } from './business.ts'
import type { ApiClient } from './client.ts'

/** A range asked for; without one, the server's default (the 30 days ending today). */
export type RangeQuery = Partial<ActivityRange>

/** One page of a list: which, how sorted, and the range. */
export type ActivityListQuery = RangeQuery & { page: number; size: number; sort: string }

const rangeParams = (range: RangeQuery) => ({ start_date: range.startDate, end_date: range.endDate })

// Under the business's key, so that a change to the business (a member leaving) refreshes its activity too.
const activityKey = (id: string) => [...businessKey(id), 'activity'] as const

/** GET /v2/businesses/{id}/activities/{tab}: one page; the page shown stays while the next one loads. */
export function activityQueryOptions<T extends ActivityTab>(
  api: ApiClient,
  id: string,
  tab: T,
  query: ActivityListQuery,
) {
  return queryOptions({
    queryKey: [...activityKey(id), tab, query],
    queryFn: async () =>
      v.parse(
        // The schema of list `tab` answers that list's page (TypeScript sees the three at once here).
        activityPageSchemas[tab] as v.GenericSchema<unknown, ActivityPage<T>>,
        await api.request(activityPaths.activities(id, tab), {
          query: { page: query.page, size: query.size, sort: query.sort, ...rangeParams(query) },
        }),
      ),
    placeholderData: keepPreviousData,
  })
}

/** GET /v2/businesses/{id}/statistics/monthly: the charts' figures. */
export function monthlyStatisticsQueryOptions(api: ApiClient, id: string, range: RangeQuery) {
  return queryOptions({
    queryKey: [...activityKey(id), 'monthly', range],
    queryFn: async () =>
      v.parse(
        monthlyStatisticsSchema,
        await api.request(activityPaths.monthlyStatistics(id), { query: rangeParams(range) }),
      ),
    placeholderData: keepPreviousData,
  })
}

/**
 * GET .../activities/{list}/export: the CSV of `range`, with the name SPEC §9 gives it. It comes with the
 * session's header, so it is fetched and handed to the browser as a file.
 */
export async function fetchActivityExport(
  api: ApiClient,
  id: string,
  list: ActivityExport,
  range: ActivityRange,
  groupBy?: SignatureExportGrouping,
): Promise<{ file: Blob; name: string }> {
  const file = await api.request<Blob>(activityPaths.activityExport(id, list), {
    responseType: 'blob',
    query: { ...rangeParams(range), group_by: groupBy },
  })
  return { file, name: activityExportFileName(list, range, groupBy) }
}
