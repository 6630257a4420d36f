import { eq } from 'drizzle-orm'
import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import type { SignatureRequestEvent } from '../../machines/signature-request/signature-request.types.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import { applyEvent, type RequestChange } from './apply-event.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import type { Caller, RequestServices } from './request-services.ts'

/** The change that takes signature `signatureId` off a request, its row included, once the machine agreed. */
function signatureRemoval(signatureId: string, event: SignatureRequestEvent): RequestChange {
  return {
    event: () => event,
    type: 'signer_removed',
    detail: (found) => ({
      signatureId,
      email: found.signatures.find((s) => s.id === signatureId)?.accountEmail ?? null,
    }),
    write: async (tx) => {
      await tx.delete(signatures).where(eq(signatures.id, signatureId))
    },
  }
}

/** The sender takes signature `signatureId` off (the machine's `signer.remove`). */
function signerRemoval(signatureId: string, ownerId: string): RequestChange {
  return signatureRemoval(signatureId, { type: 'signer.remove', actorId: ownerId, signerId: signatureId })
}

/** A signer takes their own signature `signatureId` off (the machine's `signer.leave`). */
export function signerLeaving(signatureId: string): RequestChange {
  return signatureRemoval(signatureId, { type: 'signer.leave', actorId: signatureId })
}

/**
 * DELETE .../signatures?signature_id=: the owner removes one signer. A signature id that is not one of the
 * request's is refused by the machine (409 `signature_request.not_a_signer`), like a signer who tries it
 * (409 `signature_request.not_owner`).
 */
export async function removeSigner(
  services: RequestServices,
  caller: Caller,
  id: string,
  signatureId: string,
): Promise<SignatureRequestView> {
  await applyEvent(services, caller, id, signerRemoval(signatureId, caller.userId))
  return getSignatureRequest(services, caller, id)
}
