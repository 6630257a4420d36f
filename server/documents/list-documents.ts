import { desc } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { documents } from '../db/schema/documents.ts'
import type { Caller } from '../signature-requests/request-services.ts'
import { type DocumentRow, visibleTo } from './find-document.ts'

/** The most documents one listing answers. */
const maxListedDocuments = 1000

/**
 * The documents the caller may see (as `findDocument` decides), newest first, at most
 * {@link maxListedDocuments}.
 */
export function listDocuments(db: Database, caller: Caller): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(visibleTo(db, caller))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(maxListedDocuments)
}
