import type { ActivityPage } from '../../contract/activity.ts'
import type { ActivityQuery } from './parse-activity-query.ts'

/**
 * GET /v2/businesses/{id}/activities/identifications: the identifications of the business's people. There
 * are none to read yet: identification (issue 16) has no table so far, so the list answers its page shape,
 * checked and ranged like the others, with no rows; issue 16 reads its table here.
 */
export function listIdentificationActivity(
  query: ActivityQuery<'identifications'>,
): ActivityPage<'identifications'> {
  return { items: [], page: query.page, size: query.size, total: 0, sort: query.sort, ...query.range }
}
