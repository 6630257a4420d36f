import { and, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { ActivityPersonKind, ActivityRange } from '../../contract/activity.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { apiUsers, businessMembers } from '../db/schema/businesses.ts'
import { signatureUsages } from '../db/schema/signature-requests.ts'
import { instantsOf } from './parse-activity-query.ts'

/**
 * The business's people whose activity its admins see: its members and admins now, and its API users (each
 * an account of its own, `api_users.user_id`), removed ones included, so that what they did stays in the
 * history. Someone who left the business takes their requests with them; the signatures they gave for it stay
 * its own ({@link usedFor}).
 */
export function isPersonOf(db: Pick<Database, 'select'>, businessId: string, userId: PgColumn): SQL {
  const members = db
    .select({ id: businessMembers.userId })
    .from(businessMembers)
    .where(eq(businessMembers.businessId, businessId))
  const machines = db
    .select({ id: apiUsers.userId })
    .from(apiUsers)
    .where(eq(apiUsers.businessId, businessId))
  return or(inArray(userId, members), inArray(userId, machines)) as SQL
}

/**
 * The records of use of business `businessId` in `range`: the signatures given for it, whoever gave them and
 * whether they are still in the business or have an account.
 */
export function usedFor(businessId: string, range: ActivityRange): SQL {
  const { from, until } = instantsOf(range)
  return and(
    eq(signatureUsages.businessId, businessId),
    gte(signatureUsages.signedAt, from),
    lt(signatureUsages.signedAt, until),
  ) as SQL
}

/** `users` joined with their place in business `businessId`: `left join` both onto a query of `users`. */
export const memberOn = (businessId: string) =>
  and(eq(businessMembers.userId, users.id), eq(businessMembers.businessId, businessId))
export const apiUserOn = (businessId: string) =>
  and(eq(apiUsers.userId, users.id), eq(apiUsers.businessId, businessId))

/**
 * Admin, member or API user, for a row of `users` joined as {@link memberOn} and {@link apiUserOn}; a signer
 * who has left the business or deleted their account is a former member.
 */
export const personKind = sql<ActivityPersonKind>`case when ${businessMembers.role} is not null then ${businessMembers.role} when ${apiUsers.userId} is not null then 'api' else 'former' end`

/** An API user's username, else the person's first and last name (null when they have none). */
export const personName = sql<
  string | null
>`coalesce(${apiUsers.username}, nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''))`

/** The person's address; API users have none of their own (their account's is made up). */
export const personEmail = sql<string | null>`case when ${isNull(apiUsers.userId)} then ${users.email} end`

/** What sorts a name or address: its letters in lower case, empty last. */
export const sortableText = (text: SQL) => sql`lower(${text})`
