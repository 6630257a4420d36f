import * as v from 'valibot'
import { activityTabs, isoDateSchema } from '../../../../contract/activity-tabs.ts'

const optionalDate = v.optional(v.fallback(v.optional(isoDateSchema), undefined))

/**
 * The search of /business/activity: the tab (signatures by default, SPEC §2), the range (the server's 30 days
 * without one), and the page and sort of the tab's list. A bad value falls back to the default; a sort the
 * tab does not know falls back on the screen.
 */
export const activitySearchSchema = v.object({
  tab: v.optional(v.fallback(v.picklist(activityTabs), 'signatures'), 'signatures'),
  start_date: optionalDate,
  end_date: optionalDate,
  page: v.optional(v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))), undefined)),
  sort: v.optional(v.fallback(v.optional(v.pipe(v.string(), v.maxLength(40))), undefined)),
})
export type ActivitySearch = v.InferOutput<typeof activitySearchSchema>
