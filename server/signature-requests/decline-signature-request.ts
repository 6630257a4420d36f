import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { applyEvent } from './apply-event.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import type { Caller, RequestServices } from './request-services.ts'

/**
 * POST .../decline: a signer whose signature is open declines (-> DECLINED); the message goes to the trail.
 * An owner who does not sign is refused by the machine (409 `signature_request.not_a_signer`).
 */
export async function declineSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
  message: string,
): Promise<SignatureRequestView> {
  await applyEvent(services, caller, id, {
    // The machine keys signers by signature id; an owner without a signature acts as themselves.
    event: (found) => ({ type: 'request.decline', actorId: found.ownSignature?.id ?? caller.userId }),
    type: 'declined',
    detail: { message },
  })
  return getSignatureRequest(services, caller, id)
}
