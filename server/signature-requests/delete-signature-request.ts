import { and, eq, isNotNull } from 'drizzle-orm'
import { requestStateOf } from '../../machines/signature-request/signature-request.selectors.ts'
import {
  signatureRequestAttachments,
  signatureRequestDocuments,
  signatureRequests,
  signatures,
} from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { applyEvent, decideEvent } from './apply-event.ts'
import { findRequest } from './find-request.ts'
import type { Queryable } from './load-requests.ts'
import { releaseStoredFiles } from './release-stored-files.ts'
import { signerLeaving } from './remove-signer.ts'
import type { Caller, RequestServices } from './request-services.ts'
import { withdrawSignatureRequest } from './withdraw-signature-request.ts'

/**
 * DELETE /v3/signature-requests/{id}, which means what the caller's part allows:
 * - the owner of an OPEN request withdraws it (as POST .../withdraw, without a message);
 * - a signer of a DRAFT or OPEN request leaves: their signature goes, as the machine's `signer.leave`
 *   allows (while nobody has signed or declined, never the last signer of an open request);
 * - the owner of a DRAFT deletes it: nobody else has been asked to sign it yet;
 * - anyone who takes part in an ended request takes it off their own list (the machine's
 *   `participant.remove`); it stays for the others, and goes when the last of them has removed it.
 * A request that goes takes its signatures, events, attachments and signed versions with it. Its documents
 * stay as the owner's uploads, which they can reuse in a new request or delete with `DELETE /v3/documents/{id}`.
 */
export async function deleteSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
): Promise<void> {
  const found = await findRequest(services.db, caller, id)
  const stage = requestStateOf(found.request.statusOverall)
  if (stage !== 'draft' && stage !== 'open') {
    await removeFromList(services, caller, id)
    return
  }
  if (!found.isOwner) {
    await applyEvent(services, caller, id, signerLeaving(found.ownSignature?.id ?? caller.userId))
    return
  }
  if (stage === 'open') {
    await withdrawSignatureRequest(services, caller, id, '')
    return
  }
  const files = await services.db.transaction(async (tx) => {
    const { request } = await findRequest(tx, caller, id, true)
    if (request.statusOverall !== 'DRAFT') {
      throw new ApiError(
        409,
        'signature_request.not_draft',
        'The request was sent meanwhile: withdraw it first',
      )
    }
    return deleteRequestRows(tx, id)
  })
  services.logger.info({ requestId: id, userId: caller.userId }, 'signature request deleted')
  await releaseStoredFiles(services, files)
}

/** Takes an ended request off the caller's list, as owner and as signer; the last participant deletes it. */
async function removeFromList(services: RequestServices, caller: Caller, id: string): Promise<void> {
  const { deleted, files } = await services.db.transaction(async (tx) => {
    const found = await findRequest(tx, caller, id, true)
    const { request, ownSignature } = found
    const participantIds = [
      ...(found.isOwner ? [request.ownerId] : []),
      ...(ownSignature === undefined ? [] : [ownSignature.id]),
    ]
    const result = decideEvent(request, found.signatures, { type: 'participant.remove', participantIds })
    if (result.deleted) return { deleted: true, files: await deleteRequestRows(tx, id) }
    const now = services.now()
    if (found.isOwner) {
      await tx.update(signatureRequests).set({ ownerRemovedAt: now }).where(eq(signatureRequests.id, id))
    }
    if (ownSignature !== undefined) {
      await tx.update(signatures).set({ removedAt: now }).where(eq(signatures.id, ownSignature.id))
    }
    return { deleted: false, files: [] }
  })
  services.logger.info(
    { requestId: id, userId: caller.userId, deleted },
    'signature request taken off a list',
  )
  await releaseStoredFiles(services, files)
}

/**
 * Deletes request `id` for everyone inside transaction `tx`; answers the hashes of its signed versions and
 * attachments, for {@link releaseStoredFiles} once the transaction has committed.
 */
export async function deleteRequestRows(tx: Queryable, id: string): Promise<string[]> {
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
}
