import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { surveyKinds } from '../../../contract/surveys.ts'
import { users } from './accounts.ts'
import { at } from './columns.ts'

/**
 * Each time a user was asked a satisfaction survey (SPEC §2) and what they answered: a score, or none when they
 * chose "Not now". The last row of a kind says when the user was last asked; the rows go with the user.
 */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: surveyKinds }).notNull(),
    /** On the survey's scale (contract/surveys.ts); null when the user did not answer. */
    score: integer('score'),
    comment: text('comment'),
    askedAt: at('asked_at').notNull(),
  },
  (table) => [
    index('survey_answers_user_kind_idx').on(table.userId, table.kind, table.askedAt),
    index('survey_answers_asked_at_idx').on(table.askedAt),
  ],
)
