import { eq } from 'drizzle-orm'
import type { SurveyKind } from '../../contract/surveys.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import { surveyAnswers } from '../db/schema/surveys.ts'
import { ApiError } from '../http/api-error.ts'
import { surveysDue } from './surveys-due.ts'

/**
 * POST /v1/user/surveys/{kind}: records that `userId` was asked the survey at `now`, with their score and comment,
 * or without (null: "Not now"). Refused with 409 `survey.not_due` unless the survey is due, so that an answer
 * counts once per asking.
 */
export async function answerSurvey(
  db: Database,
  userId: string,
  kind: SurveyKind,
  answer: { score: number | null; comment?: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Two answers sent at once: the second waits for the first, then finds the survey no longer due.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    if (!(await surveysDue(tx, userId, now)).includes(kind)) {
      throw new ApiError(409, 'survey.not_due', `The ${kind} survey is not due`)
    }
    await tx.insert(surveyAnswers).values({
      userId,
      kind,
      score: answer.score,
      comment: answer.score === null || !answer.comment ? null : answer.comment,
      askedAt: now,
    })
  })
}
