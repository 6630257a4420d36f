import { and, eq } from 'drizzle-orm'
import { signatureRequestAttachments } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { type FoundRequest, findRequest, isUuid } from './find-request.ts'
import type { Queryable } from './load-requests.ts'
import type { Caller } from './request-services.ts'
import type { AttachmentRow } from './to-attachment-info.ts'

/**
 * Attachment `attachmentId` of request `id`, with the request, for a caller who may see the request (else
 * 404 `signature_request.not_found`); 404 `attachment.not_found` when the request has no such attachment.
 */
export async function findAttachment(
  db: Queryable,
  caller: Caller,
  id: string,
  attachmentId: string,
  forUpdate = false,
): Promise<{ found: FoundRequest; attachment: AttachmentRow }> {
  const found = await findRequest(db, caller, id, forUpdate)
  const [attachment] = isUuid(attachmentId)
    ? await db
        .select()
        .from(signatureRequestAttachments)
        .where(
          and(
            eq(signatureRequestAttachments.id, attachmentId),
            eq(signatureRequestAttachments.requestId, id),
          ),
        )
    : []
  if (attachment === undefined) throw new ApiError(404, 'attachment.not_found', 'No such attachment')
  return { found, attachment }
}
