import { eq } from 'drizzle-orm'
import { signatureRequestAttachments, signatureRequests } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { findAttachment } from './find-attachment.ts'
import { recordEvent } from './record-event.ts'
import { releaseStoredFiles } from './release-stored-files.ts'
import type { Caller, RequestServices } from './request-services.ts'

/**
 * DELETE .../attachments/{aid}: the uploader or the owner removes an attachment of a DRAFT or OPEN request
 * (another signer gets 409 `signature_request.not_owner`; an ended request keeps its attachments as part
 * of its record, 409 `signature_request.ended`). The stored file goes with its last reference.
 */
export async function removeAttachment(
  services: RequestServices,
  caller: Caller,
  id: string,
  attachmentId: string,
): Promise<void> {
  const { sha256 } = await services.db.transaction(async (tx) => {
    const { found, attachment } = await findAttachment(tx, caller, id, attachmentId, true)
    if (!found.isOwner && attachment.uploadedBy !== caller.userId) {
      throw new ApiError(
        409,
        'signature_request.not_owner',
        'Only its uploader or the sender removes an attachment',
      )
    }
    if (found.request.statusOverall !== 'DRAFT' && found.request.statusOverall !== 'OPEN') {
      throw new ApiError(409, 'signature_request.ended', 'An ended request keeps its attachments')
    }
    await tx.delete(signatureRequestAttachments).where(eq(signatureRequestAttachments.id, attachmentId))
    const now = services.now()
    await tx.update(signatureRequests).set({ updatedAt: now }).where(eq(signatureRequests.id, id))
    await recordEvent(tx, id, caller, 'attachment_removed', now, { attachmentId, title: attachment.title })
    return attachment
  })
  await releaseStoredFiles(services, [sha256])
}
