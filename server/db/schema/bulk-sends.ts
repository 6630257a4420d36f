import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import type { BulkRow, BulkRowError, BulkRowStatus } from '../../../contract/bulk-sends.ts'
import { users } from './accounts.ts'
import { at } from './columns.ts'
import { signatureRequests } from './signature-requests.ts'
import { templates } from './templates.ts'

/**
 * Bulk sends (issue 41 §2): a file of rows, each a request started from a template. The rows are checked when
 * the file comes; each row that will do is a job that starts its request, so a restart goes on where it was.
 */
export const bulkSends = pgTable(
  'bulk_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The template its rows start from; null once the template is deleted. */
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** The address the caller sent it from, which its requests' events record. */
    ip: text('ip').notNull(),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (table) => [index('bulk_sends_owner_idx').on(table.ownerId)],
)

/**
 * One row of a bulk send: the request it starts (`input`), and once its job ran, that request or why it failed.
 * A row refused by the check keeps its errors and has no job.
 */
export const bulkSendRows = pgTable(
  'bulk_send_rows',
  {
    bulkSendId: uuid('bulk_send_id')
      .notNull()
      .references(() => bulkSends.id, { onDelete: 'cascade' }),
    /** Its number in the file (the header is row 1). */
    row: integer('row').notNull(),
    status: text('status').$type<BulkRowStatus>().notNull(),
    input: jsonb('input').$type<BulkRow['input']>(),
    requestId: uuid('request_id').references(() => signatureRequests.id, { onDelete: 'set null' }),
    /** A refused row's errors. */
    errors: jsonb('errors').$type<BulkRowError[]>(),
    /** Why its request could not be made. */
    error: text('error'),
  },
  (table) => [primaryKey({ columns: [table.bulkSendId, table.row] })],
)
