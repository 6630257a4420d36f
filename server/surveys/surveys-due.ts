import { and, desc, eq } from 'drizzle-orm'
import { dayMs } from '../../contract/datetime.ts'
import type { SurveyKind } from '../../contract/surveys.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { businessMembers } from '../db/schema/businesses.ts'
import { surveyAnswers } from '../db/schema/surveys.ts'

/** How long after an account is opened it is first asked how likely its user is to recommend us. */
const relationshipAfterDays = 30

/** How long after one asking a survey of the same kind is due again. */
const surveyIntervalDays: Record<SurveyKind, number> = { relationship: 180, transactional: 90 }

/**
 * The surveys due for `userId` at `now`: the relationship survey once the account is 30 days old, the
 * transactional one (asked after the user's own signing) to members of a business only; each not asked within
 * its interval. Answered and dismissed askings count alike.
 */
export async function surveysDue(db: Database, userId: string, now: Date): Promise<SurveyKind[]> {
  const [user] = await db
    .select({ createdAt: users.createdAt, businessId: businessMembers.businessId })
    .from(users)
    .leftJoin(businessMembers, eq(businessMembers.userId, users.id))
    .where(eq(users.id, userId))
  if (user === undefined) return []
  const due: SurveyKind[] = []
  if (now.getTime() - user.createdAt.getTime() >= relationshipAfterDays * dayMs) due.push('relationship')
  if (user.businessId !== null) due.push('transactional')
  const notAskedLately = await Promise.all(
    due.map(async (kind) => {
      const [last] = await db
        .select({ askedAt: surveyAnswers.askedAt })
        .from(surveyAnswers)
        .where(and(eq(surveyAnswers.userId, userId), eq(surveyAnswers.kind, kind)))
        .orderBy(desc(surveyAnswers.askedAt))
        .limit(1)
      return last === undefined || now.getTime() - last.askedAt.getTime() >= surveyIntervalDays[kind] * dayMs
    }),
  )
  return due.filter((_, index) => notAskedLately[index])
}
