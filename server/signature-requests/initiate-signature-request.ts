import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { signatureRequestInvitationMail } from '../mail/signature-request-invitation-mail.ts'
import { applyEvent } from './apply-event.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import { mailSigners } from './mail-signers.ts'
import type { Caller, RequestServices } from './request-services.ts'
import { signaturesInTurn } from './signatures-in-turn.ts'

/**
 * POST .../initiate: the owner sends the draft (DRAFT -> OPEN) and the signers whose turn it is are invited
 * by mail: every signer of a parallel request, the first in the signing order of one in order.
 */
export async function initiateSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
): Promise<SignatureRequestView> {
  await applyEvent(services, caller, id, {
    event: () => ({ type: 'request.initiate', actorId: caller.userId }),
    type: 'initiated',
    write: (tx, found) =>
      mailSigners(
        services,
        tx,
        found.request,
        signaturesInTurn(found.request, found.signatures),
        signatureRequestInvitationMail,
      ),
  })
  return getSignatureRequest(services, caller, id)
}
