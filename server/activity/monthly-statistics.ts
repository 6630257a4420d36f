import { desc, eq, sql } from 'drizzle-orm'
import type { ActivityRange, MonthlyStatistics } from '../../contract/activity.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { apiUsers, businessMembers } from '../db/schema/businesses.ts'
import { signatureUsages } from '../db/schema/signature-requests.ts'
import {
  apiUserOn,
  memberOn,
  personEmail,
  personKind,
  personName,
  sortableText,
  usedFor,
} from './activity-people.ts'

/** The months `YYYY-MM` from the range's first day's to its last day's, in order. */
function monthsOf(range: ActivityRange): string[] {
  const months: string[] = []
  const last = range.endDate.slice(0, 7)
  let year = Number(range.startDate.slice(0, 4))
  let month = Number(range.startDate.slice(5, 7))
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`
    months.push(key)
    if (key >= last) return months
    month += 1
    if (month === 13) {
      year += 1
      month = 1
    }
  }
}

/**
 * GET /v2/businesses/{id}/statistics/monthly: the signatures given for the business in the range, per calendar
 * month (UTC) by quality, and per person who still has an account, from their records of use, which outlive the
 * requests and the signer's membership.
 */
export async function monthlyStatistics(
  db: Database,
  businessId: string,
  range: ActivityRange,
): Promise<MonthlyStatistics> {
  const inRange = usedFor(businessId, range)
  const month = sql<string>`to_char(${signatureUsages.signedAt} at time zone 'UTC', 'YYYY-MM')`
  const quality = signatureUsages.quality
  const total = sql<number>`count(*)::int`
  const [byMonth, byPerson] = await Promise.all([
    db.select({ month, quality, n: total }).from(signatureUsages).where(inRange).groupBy(month, quality),
    db
      .select({ userId: users.id, kind: personKind, name: personName, email: personEmail, signatures: total })
      .from(signatureUsages)
      .innerJoin(users, eq(users.id, signatureUsages.signerId))
      .leftJoin(businessMembers, memberOn(businessId))
      .leftJoin(apiUsers, apiUserOn(businessId))
      .where(inRange)
      .groupBy(users.id, businessMembers.userId, apiUsers.userId)
      .orderBy(desc(total), sql`${sortableText(personName)} nulls last`, users.id),
  ])
  const months = monthsOf(range).map((key) => {
    const counts = { ses: 0, aes: 0, qes: 0 }
    for (const row of byMonth) if (row.month === key) counts[row.quality] += row.n
    return { month: key, ...counts, total: counts.ses + counts.aes + counts.qes }
  })
  return { ...range, months, people: byPerson }
}
