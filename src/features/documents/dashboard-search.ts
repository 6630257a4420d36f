import * as v from 'valibot'
import {
  defaultRequestFilter,
  requestFilters,
} from '../../../machines/request-filters/request-filters.constants.ts'

/** Search values /dashboard has without any: the 'all' filter's first page. */
export const dashboardSearchDefaults = { filter: defaultRequestFilter, page: 1 } as const

/** The search of /dashboard: the list filter, the page (from 1) and the title search; bad values fall back. */
export const dashboardSearchSchema = v.object({
  filter: v.optional(v.fallback(v.picklist(requestFilters), defaultRequestFilter), defaultRequestFilter),
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  q: v.optional(v.fallback(v.string(), '')),
})
