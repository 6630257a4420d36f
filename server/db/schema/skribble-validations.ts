import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { at } from './columns.ts'
import { documents } from './documents.ts'

/** What a row of {@link skribbleValidations} holds: a validation of each kind, or a document given for tooling. */
const skribbleValidationKinds = ['document', 'signature', 'certificate', 'tooling'] as const

/**
 * What Skribble's validation API v1 made for an API user (issue 43): a validation, whose answers are kept
 * (never the validated file), or a document uploaded for its tooling. Each is its maker's only; Skribble's API
 * forgets it after 10 minutes or when deleted, and the row stays (`deleted_at`, its answers gone) so the
 * credits it used are counted.
 */
export const skribbleValidations = pgTable(
  'skribble_validations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: skribbleValidationKinds }).notNull(),
    /** The validation's answers as Skribble's description shapes them; null once deleted. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** The ETSI TS 119 102-2 report of a document validation, made when it was validated. */
    etsiReport: text('etsi_report'),
    /** Tooling: the uploaded document, then the one its last processing made. */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (table) => [index('skribble_validations_user_idx').on(table.userId, table.createdAt)],
)
