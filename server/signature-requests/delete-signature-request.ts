import { and, eq, isNotNull } from 'drizzle-orm'
import { signatureRequestAttachments, signatureRequestDocuments, signatureRequests } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { applyEvent } from './apply-event.ts'
import { findRequest } from './find-request.ts'
import { releaseStoredFiles } from './release-stored-files.ts'
import { signerLeaving } from './remove-signer.ts'
import type { Caller, RequestServices } from './request-services.ts'
import { withdrawSignatureRequest } from './withdraw-signature-request.ts'

/**
 * DELETE /v3/signature-requests/{id}, which means what the caller's part allows:
 * - the owner of an OPEN request withdraws it (as POST .../withdraw, without a message);
 * - a signer leaves: their signature goes, as the machine's `signer.leave` allows (while nobody has
 *   signed or declined, never the last signer of an open request; an ended request is 409
 *   `signature_request.ended`);
 * - the owner of a DRAFT or of an ended request deletes it for everyone: the request, its signatures,
 *   events, attachments and signed versions go. Its documents stay as the owner's uploads, which they can
 *   reuse in a new request or delete with `DELETE /v3/documents/{id}`.
 */
export async function deleteSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
): Promise<void> {
  const found = await findRequest(services.db, caller, id)
  if (!found.isOwner) {
    await applyEvent(services, caller, id, signerLeaving(found.ownSignature?.id ?? caller.userId))
    return
  }
  if (found.request.statusOverall === 'OPEN') {
    await withdrawSignatureRequest(services, caller, id, '')
    return
  }
  const files = await services.db.transaction(async (tx) => {
    const { request } = await findRequest(tx, caller, id, true)
    if (request.statusOverall === 'OPEN') {
      throw new ApiError(
        409,
        'signature_request.not_draft',
        'The request was sent meanwhile: withdraw it first',
      )
    }
    const signed = await tx
      .select({ sha256: signatureRequestDocuments.signedSha256 })
      .from(signatureRequestDocuments)
      .where(
        and(eq(signatureRequestDocuments.requestId, id), isNotNull(signatureRequestDocuments.signedSha256)),
      )
    const attached = await tx
      .select({ sha256: signatureRequestAttachments.sha256 })
      .from(signatureRequestAttachments)
      .where(eq(signatureRequestAttachments.requestId, id))
    // Signatures, events, document links and attachments go with it (on delete cascade).
    await tx.delete(signatureRequests).where(eq(signatureRequests.id, id))
    return [...signed, ...attached].flatMap((row) => (row.sha256 === null ? [] : [row.sha256]))
  })
  services.logger.info({ requestId: id, userId: caller.userId }, 'signature request deleted')
  await releaseStoredFiles(services, files)
}
