import { and, eq, inArray } from 'drizzle-orm'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments, signatureRequests } from '../db/schema/signature-requests.ts'
import { templateDocuments } from '../db/schema/templates.ts'
import { ApiError } from '../http/api-error.ts'
import { releaseStoredFiles } from '../signature-requests/release-stored-files.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { pageImagesFolder } from '../storage/storage-keys.ts'
import { documentNotFound, findDocument } from './find-document.ts'

/**
 * DELETE /v3/documents/{id}: the uploader deletes a document no OPEN or SIGNED request holds (else 409
 * `document.in_use`); drafts and ended requests lose it. Its stored file and page images go with the last
 * reference to the same content. Anyone else gets 404.
 */
export async function deleteDocument(services: RequestServices, caller: Caller, id: string): Promise<void> {
  const document = await findDocument(services.db, caller, id)
  if (document.ownerId !== caller.userId) throw documentNotFound()
  const { signedHashes, lastOfItsContent } = await services.db.transaction(async (tx) => {
    const holding = await tx
      .select({ id: signatureRequests.id })
      .from(signatureRequestDocuments)
      .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestDocuments.requestId))
      .where(
        and(
          eq(signatureRequestDocuments.documentId, id),
          inArray(signatureRequests.statusOverall, ['OPEN', 'SIGNED']),
        ),
      )
    if (holding.length > 0) {
      throw new ApiError(409, 'document.in_use', 'An open or signed request holds this document')
    }
    const removed = await tx
      .delete(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.documentId, id))
      .returning({ signedSha256: signatureRequestDocuments.signedSha256 })
    await tx.delete(documents).where(eq(documents.id, id))
    const others = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.sha256, document.sha256))
      .unionAll(
        tx
          .select({ id: templateDocuments.id })
          .from(templateDocuments)
          .where(eq(templateDocuments.sha256, document.sha256)),
      )
    return {
      signedHashes: removed.flatMap((row) => (row.signedSha256 === null ? [] : [row.signedSha256])),
      // A template keeps the page images of its copy.
      lastOfItsContent: others.length === 0,
    }
  })
  // The same bytes may still be an attachment or another request's signed version.
  await releaseStoredFiles(services, [document.sha256, ...signedHashes])
  // Page images at every scale anyone asked for.
  if (lastOfItsContent) {
    services.renderer?.forget(document.sha256)
    await services.storage.deleteFolder(pageImagesFolder(document.sha256))
  }
}
