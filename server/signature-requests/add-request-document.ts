import { eq, sql } from 'drizzle-orm'
import type { DocumentInfo } from '../../contract/documents.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments, signatureRequests } from '../db/schema/signature-requests.ts'
import { toDocumentInfo } from '../documents/to-document-info.ts'
import { insertDocument, readPdfUpload } from '../documents/upload-document.ts'
import { ApiError } from '../http/api-error.ts'
import { findRequest } from './find-request.ts'
import { recordEvent } from './record-event.ts'
import type { Caller, RequestServices } from './request-services.ts'

/**
 * POST /v3/signature-requests/{id}/documents: streams the `file` part of a multipart upload through
 * `ingestDocument` (at most the document limit, and what is left of the request's limit), then records it
 * as the draft's next document and starts rendering its first pages. A refused file is answered with its
 * `document.*` code and leaves neither row nor file. Only the owner of a DRAFT adds documents.
 */
export async function addRequestDocument(
  services: RequestServices,
  caller: Caller,
  id: string,
  request: Request,
): Promise<DocumentInfo> {
  const found = await findRequest(services.db, caller, id)
  if (!found.isOwner) throw new ApiError(409, 'signature_request.not_owner', 'Only the sender adds documents')
  if (found.request.statusOverall !== 'DRAFT') {
    throw new ApiError(409, 'signature_request.not_draft', 'Documents are added to a draft only')
  }
  const [used] = await services.db
    .select({ bytes: sql<string>`coalesce(sum(${documents.size}), 0)` })
    .from(signatureRequestDocuments)
    .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
    .where(eq(signatureRequestDocuments.requestId, id))
  const left = services.limits.requestBytes - Number(used?.bytes ?? 0)
  const maxBytes = Math.min(services.limits.documentBytes, left)
  const upload = await readPdfUpload(services, request, maxBytes)
  const now = services.now()
  const row = await services.db.transaction(async (tx) => {
    // Locks the draft so that two uploads at once get distinct positions.
    await tx.select().from(signatureRequests).where(eq(signatureRequests.id, id)).for('update')
    const document = await insertDocument(tx, upload, caller.userId, now)
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${signatureRequestDocuments.position}), -1)` })
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.requestId, id))
    await tx
      .insert(signatureRequestDocuments)
      .values({ requestId: id, documentId: document.id, position: Number(last?.position ?? -1) + 1 })
    await tx.update(signatureRequests).set({ updatedAt: now }).where(eq(signatureRequests.id, id))
    await recordEvent(tx, id, caller, 'document_added', now, { documentId: document.id, title: upload.title })
    return document
  })
  services.renderer?.renderDocument(row.sha256, row.pageCount)
  return toDocumentInfo(row)
}
