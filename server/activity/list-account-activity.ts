import { and, asc, count, desc, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm'
import type { ActivityPage, ActivitySortColumn } from '../../contract/activity.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { apiUsers, businessMembers } from '../db/schema/businesses.ts'
import { signatureRequests, signatureUsages } from '../db/schema/signature-requests.ts'
import {
  apiUserOn,
  isPersonOf,
  memberOn,
  personEmail,
  personKind,
  personName,
  sortableText,
  usedFor,
} from './activity-people.ts'
import { type ActivityQuery, instantsOf } from './parse-activity-query.ts'

/**
 * GET /v2/businesses/{id}/activities/accounts: the business's people (admins, members, API users) with when
 * they joined, the requests they sent (drafts not counted, as the dashboard's statistics count them) and the
 * signatures they gave for it in the range.
 */
export async function listAccountActivity(
  db: Database,
  businessId: string,
  query: ActivityQuery<'accounts'>,
): Promise<ActivityPage<'accounts'>> {
  const { from, until } = instantsOf(query.range)
  const sent = db
    .select({ userId: signatureRequests.ownerId, n: sql<number>`count(*)::int`.as('requests_sent') })
    .from(signatureRequests)
    .where(
      and(
        isPersonOf(db, businessId, signatureRequests.ownerId),
        ne(signatureRequests.statusOverall, 'DRAFT'),
        gte(signatureRequests.createdAt, from),
        lt(signatureRequests.createdAt, until),
      ),
    )
    .groupBy(signatureRequests.ownerId)
    .as('sent')
  const signed = db
    .select({ userId: signatureUsages.signerId, n: sql<number>`count(*)::int`.as('signatures_made') })
    .from(signatureUsages)
    .where(usedFor(businessId, query.range))
    .groupBy(signatureUsages.signerId)
    .as('signed')
  const requestsSent = sql<number>`coalesce(${sent.n}, 0)::int`
  const signaturesMade = sql<number>`coalesce(${signed.n}, 0)::int`
  const joinedAt = sql`coalesce(${businessMembers.joinedAt}, ${apiUsers.createdAt})`
  const sortBy: Record<ActivitySortColumn<'accounts'>, SQL> = {
    name: sortableText(personName),
    email: sortableText(personEmail),
    kind: personKind,
    joined_at: joinedAt,
    requests_sent: requestsSent,
    signatures_made: signaturesMade,
  }
  const order = query.direction === 'asc' ? asc : desc
  const isPerson = isPersonOf(db, businessId, users.id)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        kind: personKind,
        name: personName,
        email: personEmail,
        memberJoinedAt: businessMembers.joinedAt,
        apiUserCreatedAt: apiUsers.createdAt,
        requestsSent,
        signaturesMade,
      })
      .from(users)
      .leftJoin(businessMembers, memberOn(businessId))
      .leftJoin(apiUsers, apiUserOn(businessId))
      .leftJoin(sent, eq(sent.userId, users.id))
      .leftJoin(signed, eq(signed.userId, users.id))
      .where(isPerson)
      .orderBy(sql`${order(sortBy[query.column])} nulls last`, asc(users.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(users).where(isPerson),
  ])
  return {
    items: rows.map(({ memberJoinedAt, apiUserCreatedAt, ...row }) => {
      // Every row is a member or an API user of the business (the where above): one of the two is set.
      const joinedAt = memberJoinedAt ?? apiUserCreatedAt
      if (joinedAt === null) throw new Error(`person ${row.userId} has no place in the business`)
      return { ...row, joinedAt: joinedAt.toISOString() }
    }),
    page: query.page,
    size: query.size,
    total: total?.n ?? 0,
    sort: query.sort,
    ...query.range,
  }
}
