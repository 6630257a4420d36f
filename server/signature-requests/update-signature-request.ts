import { eq } from 'drizzle-orm'
import type { SignatureRequestView, UpdateSignatureRequest } from '../../contract/signature-requests.ts'
import { signatureRequests, signatures } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { decideEvent } from './apply-event.ts'
import { findRequest } from './find-request.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import { recordEvent } from './record-event.ts'
import type { Caller, RequestServices } from './request-services.ts'
import { setObservers } from './set-observers.ts'

/**
 * PUT /v3/signature-requests/{id}: the owner renames a request, rewrites its message or changes its
 * observers while it is a DRAFT or OPEN (signers see the new words; what they sign, documents and signers,
 * does not change here). The signature standard (quality and legislation) and the signing order change only
 * while it is a DRAFT (409 `signature_request.not_draft`), as signers may have signed by the old one or been
 * asked in the old order; the order is the lifecycle machine's `signers.order`. A signer gets 409
 * `signature_request.not_owner`, an ended request 409 `signature_request.ended`. The trail records the old
 * and the new values.
 */
export async function updateSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
  input: UpdateSignatureRequest,
): Promise<SignatureRequestView> {
  await services.db.transaction(async (tx) => {
    const found = await findRequest(tx, caller, id, true)
    const { request, isOwner } = found
    if (!isOwner) throw new ApiError(409, 'signature_request.not_owner', 'Only the sender edits a request')
    if (request.statusOverall !== 'DRAFT' && request.statusOverall !== 'OPEN') {
      throw new ApiError(409, 'signature_request.ended', 'An ended request cannot be edited')
    }
    const wanted = {
      title: input.title,
      message: input.message,
      ...(input.quality === undefined
        ? {}
        : { quality: input.quality, legislation: input.legislation ?? null }),
    }
    if (input.quality !== undefined && request.statusOverall !== 'DRAFT') {
      throw new ApiError(409, 'signature_request.not_draft', 'The signature standard is set before sending', {
        field: 'quality',
      })
    }
    const now = services.now()
    const changed: Record<string, unknown> = {}
    if (input.signatures !== undefined) {
      const wantedOrder = Object.fromEntries(input.signatures.map((s) => [s.id, s.sequence]))
      const { sequence } = decideEvent(request, found.signatures, {
        type: 'signers.order',
        actorId: caller.userId,
        sequence: wantedOrder,
      })
      for (const signature of found.signatures) {
        const position = sequence[signature.id] ?? 1
        if (position === signature.sequence) continue
        await tx.update(signatures).set({ sequence: position }).where(eq(signatures.id, signature.id))
        changed.order = input.signatures
      }
    }
    if (input.ccEmailAddresses !== undefined) {
      await setObservers(tx, id, input.ccEmailAddresses)
      changed.ccEmailAddresses = input.ccEmailAddresses
    }
    const before: Partial<typeof request> = {}
    const after: Partial<typeof request> = {}
    for (const key of ['title', 'message', 'quality', 'legislation'] as const) {
      const value = wanted[key]
      if (value === undefined || value === request[key]) continue
      Object.assign(before, { [key]: request[key] })
      Object.assign(after, { [key]: value })
    }
    if (Object.keys(after).length === 0 && Object.keys(changed).length === 0) return
    await tx
      .update(signatureRequests)
      .set({ ...after, updatedAt: now })
      .where(eq(signatureRequests.id, id))
    await recordEvent(tx, id, caller, 'updated', now, { before, after, ...changed })
  })
  return getSignatureRequest(services, caller, id)
}
