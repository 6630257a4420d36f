import { stringify } from 'csv-stringify/sync'
import { and, asc, eq, gte, isNotNull, type SQL } from 'drizzle-orm'
import type { SurveyKind } from '../../contract/surveys.ts'
import type { Database } from '../db/open-database.ts'
import { surveyAnswers } from '../db/schema/surveys.ts'

/**
 * The survey answers given since `since` (of one kind, or both), oldest first, as CSV with a header row for the
 * operator (`npm run surveys -- export`). Askings the user put off ("Not now") are not answers and stay out, and
 * so does who answered: the answers are read as a whole.
 */
export async function exportSurveyAnswers(
  db: Database,
  { since, kind }: { since: Date; kind?: SurveyKind },
): Promise<string> {
  const conditions: SQL[] = [isNotNull(surveyAnswers.score), gte(surveyAnswers.askedAt, since)]
  if (kind !== undefined) conditions.push(eq(surveyAnswers.kind, kind))
  const rows = await db
    .select({
      answeredAt: surveyAnswers.askedAt,
      kind: surveyAnswers.kind,
      score: surveyAnswers.score,
      comment: surveyAnswers.comment,
    })
    .from(surveyAnswers)
    .where(and(...conditions))
    .orderBy(asc(surveyAnswers.askedAt), asc(surveyAnswers.id))
  return stringify(
    rows.map((row) => [row.answeredAt.toISOString(), row.kind, row.score, row.comment ?? '']),
    { header: true, columns: ['answered_at', 'kind', 'score', 'comment'] },
  )
}
