import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { ActivityPage, ActivitySortColumn } from '../../contract/activity.ts'
import type { Database } from '../db/open-database.ts'
import { apiKeyUses, apiUsers } from '../db/schema/businesses.ts'
import { type ActivityQuery, instantsOf } from './parse-activity-query.ts'

/**
 * GET /v2/businesses/{id}/activities/keys: every call the business's API users made in the range with their
 * keys (or the tokens they traded them for), refused ones included: who, which call, how it was answered,
 * from where, when. Removed API users' uses stay.
 */
export async function listKeyUseActivity(
  db: Database,
  businessId: string,
  query: ActivityQuery<'keys'>,
): Promise<ActivityPage<'keys'>> {
  const { from, until } = instantsOf(query.range)
  const inRange = and(
    eq(apiKeyUses.businessId, businessId),
    gte(apiKeyUses.usedAt, from),
    lt(apiKeyUses.usedAt, until),
  )
  const sortBy: Record<ActivitySortColumn<'keys'>, SQL> = {
    used_at: sql`${apiKeyUses.usedAt}`,
    username: sql`${apiUsers.username}`,
    method: sql`${apiKeyUses.method}`,
    route: sql`${apiKeyUses.route}`,
    status: sql`${apiKeyUses.status}`,
  }
  const order = query.direction === 'asc' ? asc : desc
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: apiKeyUses.id,
        username: apiUsers.username,
        method: apiKeyUses.method,
        route: apiKeyUses.route,
        status: apiKeyUses.status,
        ip: apiKeyUses.ip,
        usedAt: apiKeyUses.usedAt,
      })
      .from(apiKeyUses)
      .innerJoin(apiUsers, eq(apiUsers.userId, apiKeyUses.apiUserId))
      .where(inRange)
      .orderBy(order(sortBy[query.column]), desc(apiKeyUses.usedAt), asc(apiKeyUses.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(apiKeyUses).where(inRange),
  ])
  return {
    items: rows.map((row) => ({ ...row, usedAt: row.usedAt.toISOString() })),
    page: query.page,
    size: query.size,
    total: total?.n ?? 0,
    sort: query.sort,
    ...query.range,
  }
}
