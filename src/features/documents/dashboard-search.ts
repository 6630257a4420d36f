import * as v from 'valibot'
import {
  defaultRequestFilter,
  requestFilters,
} from '../../../machines/request-filters/request-filters.constants.ts'

/** Search values /dashboard has without any: the 'all' filter. */
export const dashboardSearchDefaults = { filter: defaultRequestFilter } as const

/** The search of /dashboard: the list filter and the title search; bad values fall back. */
export const dashboardSearchSchema = v.object({
  filter: v.optional(v.fallback(v.picklist(requestFilters), defaultRequestFilter), defaultRequestFilter),
  q: v.optional(v.fallback(v.string(), '')),
})
