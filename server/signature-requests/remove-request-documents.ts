import { and, eq, inArray } from 'drizzle-orm'
import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments, signatureRequests } from '../db/schema/signature-requests.ts'
import { documentNotFound } from '../documents/find-document.ts'
import { ApiError } from '../http/api-error.ts'
import { findRequest } from './find-request.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import { recordEvent } from './record-event.ts'
import type { Caller, RequestServices } from './request-services.ts'

/**
 * DELETE .../documents?document_ids=: the owner takes documents out of a DRAFT (else 409
 * `signature_request.not_draft`; a signer 409 `signature_request.not_owner`). An id that is not one of the
 * draft's documents is 404 `document.not_found` and nothing is removed. The documents themselves stay as
 * the owner's uploads, as when a request is deleted: `DELETE /v3/documents/{id}` deletes them.
 */
export async function removeRequestDocuments(
  services: RequestServices,
  caller: Caller,
  id: string,
  documentIds: readonly string[],
): Promise<SignatureRequestView> {
  await services.db.transaction(async (tx) => {
    const { request, isOwner } = await findRequest(tx, caller, id, true)
    if (!isOwner) throw new ApiError(409, 'signature_request.not_owner', 'Only the sender removes documents')
    if (request.statusOverall !== 'DRAFT') {
      throw new ApiError(409, 'signature_request.not_draft', 'Documents are removed from a draft only')
    }
    const held = await tx
      .select({ id: documents.id, title: documents.title })
      .from(signatureRequestDocuments)
      .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
      .where(
        and(
          eq(signatureRequestDocuments.requestId, id),
          inArray(signatureRequestDocuments.documentId, [...documentIds]),
        ),
      )
    if (documentIds.some((documentId) => !held.some((d) => d.id === documentId))) throw documentNotFound()
    await tx
      .delete(signatureRequestDocuments)
      .where(
        and(
          eq(signatureRequestDocuments.requestId, id),
          inArray(signatureRequestDocuments.documentId, [...documentIds]),
        ),
      )
    const now = services.now()
    await tx.update(signatureRequests).set({ updatedAt: now }).where(eq(signatureRequests.id, id))
    for (const document of held) {
      await recordEvent(tx, id, caller, 'document_removed', now, {
        documentId: document.id,
        title: document.title,
      })
    }
  })
  return getSignatureRequest(services, caller, id)
}
