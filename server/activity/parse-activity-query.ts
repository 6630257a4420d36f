import type * as v from 'valibot'
import {
  type ActivityRange,
  type ActivitySortColumn,
  type ActivityTab,
  type activityQuerySchema,
  parseActivitySort,
  resolveActivityRange,
  utcDay,
} from '../../contract/activity.ts'
import { dayMs } from '../../contract/datetime.ts'
import { ApiError } from '../http/api-error.ts'

/** The range of `query` with the defaults of today on the server's clock, or 400 naming the wrong date. */
export function rangeOf(query: { start_date?: string; end_date?: string }, now: Date): ActivityRange {
  const resolved = resolveActivityRange(query, utcDay(now))
  if (!resolved.ok) throw new ApiError(400, 'request.invalid', resolved.message, { field: resolved.field })
  return resolved.range
}

/** The instants a range covers: from its first day's start to its last day's end (UTC), end excluded. */
export function instantsOf(range: ActivityRange): { from: Date; until: Date } {
  const from = new Date(`${range.startDate}T00:00:00Z`)
  const until = new Date(Date.parse(`${range.endDate}T00:00:00Z`) + dayMs)
  return { from, until }
}

/** A parsed list query. */
export type ActivityQuery<T extends ActivityTab> = {
  page: number
  size: number
  sort: string
  column: ActivitySortColumn<T>
  direction: 'asc' | 'desc'
  range: ActivityRange
}

/**
 * The query of list `tab` as `activityQuerySchema(tab)` validated it, with its sort column and its range
 * (today on the server's clock by default); 400 `request.invalid` naming a wrong date.
 */
export function parseActivityQuery<T extends ActivityTab>(
  tab: T,
  query: v.InferOutput<ReturnType<typeof activityQuerySchema>>,
  now: Date,
): ActivityQuery<T> {
  const { page, size, sort, ...dates } = query
  const parsed = parseActivitySort(tab, sort)
  // The schema checked it already.
  if (parsed === undefined) throw new Error(`unchecked sort ${sort}`)
  return { page, size, sort, ...parsed, range: rangeOf(dates, now) }
}
