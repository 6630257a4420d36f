import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { applyEvent } from './apply-event.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import type { Caller, RequestServices } from './request-services.ts'

/** POST .../withdraw: the owner withdraws an OPEN request (-> WITHDRAWN); the message goes to the trail. */
export async function withdrawSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
  message: string,
): Promise<SignatureRequestView> {
  await applyEvent(services, caller, id, {
    event: () => ({ type: 'request.withdraw', actorId: caller.userId }),
    type: 'withdrawn',
    detail: { message },
  })
  return getSignatureRequest(services, caller, id)
}
