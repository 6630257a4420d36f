import { and, eq, exists, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments, signatureRequests } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { callerTakesPart } from '../signature-requests/caller-takes-part.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import type { Caller } from '../signature-requests/request-services.ts'

/** A stored document row. */
export type DocumentRow = typeof documents.$inferSelect

/** The error for a document that does not exist or that the caller may not see: the same 404 for both. */
export function documentNotFound(): ApiError {
  return new ApiError(404, 'document.not_found', 'No such document')
}

/** The documents the caller may see: those they uploaded, and those of a request they own or sign. */
export function visibleTo(db: Database, caller: Caller): SQL | undefined {
  const viaRequest = exists(
    db
      .select({ one: sql`1` })
      .from(signatureRequestDocuments)
      .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestDocuments.requestId))
      .where(and(eq(signatureRequestDocuments.documentId, documents.id), callerTakesPart(db, caller))),
  )
  return or(eq(documents.ownerId, caller.userId), viaRequest)
}

/**
 * The document `id` if the caller uploaded it, or owns or signs a request that holds it; else 404
 * `document.not_found`, so nobody learns of documents they may not see.
 */
export async function findDocument(db: Database, caller: Caller, id: string): Promise<DocumentRow> {
  if (!isUuid(id)) throw documentNotFound()
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), visibleTo(db, caller)))
  if (row === undefined) throw documentNotFound()
  return row
}
