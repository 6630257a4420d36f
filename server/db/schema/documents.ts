import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import type { PageBox } from '../../../contract/signature-fields.ts'
import { users } from './accounts.ts'
import { at } from './columns.ts'

/** Size of one page in PDF points, as `document.page_sizes` keeps it. */
export type StoredPageSize = { width: number; height: number }

/**
 * Uploaded PDFs (SPEC §3): immutable, their bytes stored once per SHA-256 under `documentKey(sha256)`, so
 * two rows may share one stored file; the file goes when the last row of its hash goes.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sha256: text('sha256').notNull(),
    title: text('title').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    pageCount: integer('page_count').notNull(),
    pageSizes: jsonb('page_sizes').$type<StoredPageSize[]>().notNull(),
    /** Empty areas for signatures near the document's end, found when it was uploaded (suggested fields). */
    freeAreas: jsonb('free_areas').$type<PageBox[]>().notNull().default([]),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('documents_owner_id_idx').on(table.ownerId),
    index('documents_sha256_idx').on(table.sha256),
  ],
)
