import { and, asc, count, desc, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm'
import type {
  ActivityPage,
  ActivityRange,
  ActivitySortColumn,
  IdentificationActivity,
} from '../../contract/activity.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { apiUsers, businessMembers } from '../db/schema/businesses.ts'
import { identifications } from '../db/schema/identification.ts'
import { apiUserOn, isPersonOf, memberOn, personEmail, personName, sortableText } from './activity-people.ts'
import { type ActivityQuery, instantsOf } from './parse-activity-query.ts'

/** How the method reads: the provider (eidas, zertes, austria) and its mode (video, robo, autoident, eid). */
const method = sql<string>`${identifications.provider} || ' ' || ${identifications.mode}`

const columns = {
  id: identifications.id,
  name: personName,
  email: personEmail,
  method,
  identifiedAt: identifications.completedAt,
  /** The completion time exactly as stored (to the microsecond), where the export goes on after a batch. */
  cursor: sql<string>`${identifications.completedAt}::text`,
}

/** The identifications that succeeded in `range` of the business's people (SPEC §7 Activity). */
function succeededIn(db: Database, businessId: string, range: ActivityRange, extra?: SQL) {
  const { from, until } = instantsOf(range)
  return and(
    isNotNull(identifications.userId),
    isPersonOf(db, businessId, identifications.userId),
    eq(identifications.status, 'success'),
    gte(identifications.completedAt, from),
    lt(identifications.completedAt, until),
    extra,
  )
}

/** The identifications of {@link succeededIn}, with who identified. */
export function identificationsIn(db: Database, businessId: string, range: ActivityRange, extra?: SQL) {
  return db
    .select(columns)
    .from(identifications)
    .innerJoin(users, eq(users.id, identifications.userId))
    .leftJoin(businessMembers, memberOn(businessId))
    .leftJoin(apiUsers, apiUserOn(businessId))
    .where(succeededIn(db, businessId, range, extra))
}

/** A row of {@link identificationsIn} as the wire has it. */
export function toIdentificationActivity(
  row: Awaited<ReturnType<typeof identificationsIn>>[number],
): IdentificationActivity {
  const { identifiedAt, cursor: _, ...rest } = row
  // Only completed identifications are read.
  if (identifiedAt === null) throw new Error(`identification ${row.id} has no completion time`)
  return { ...rest, identifiedAt: identifiedAt.toISOString() }
}

/**
 * GET /v2/businesses/{id}/activities/identifications: one row per identification of the business's people
 * that succeeded in the range: who, by which provider and mode, when.
 */
export async function listIdentificationActivity(
  db: Database,
  businessId: string,
  query: ActivityQuery<'identifications'>,
): Promise<ActivityPage<'identifications'>> {
  const sortBy: Record<ActivitySortColumn<'identifications'>, SQL> = {
    identified_at: sql`${identifications.completedAt}`,
    name: sortableText(personName),
    email: sortableText(personEmail),
    method,
  }
  const order = query.direction === 'asc' ? asc : desc
  const [rows, [total]] = await Promise.all([
    identificationsIn(db, businessId, query.range)
      .orderBy(
        sql`${order(sortBy[query.column])} nulls last`,
        desc(identifications.completedAt),
        asc(identifications.id),
      )
      .limit(query.size)
      .offset(query.page * query.size),
    db
      .select({ n: count() })
      .from(identifications)
      .where(succeededIn(db, businessId, query.range)),
  ])
  return {
    items: rows.map(toIdentificationActivity),
    page: query.page,
    size: query.size,
    total: total?.n ?? 0,
    sort: query.sort,
    ...query.range,
  }
}
