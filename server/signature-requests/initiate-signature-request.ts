import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { signatureRequestInvitationMail } from '../mail/signature-request-invitation-mail.ts'
import { applyEvent } from './apply-event.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import { mailSigners } from './mail-signers.ts'
import type { Caller, RequestServices } from './request-services.ts'

/** POST .../initiate: the owner sends the draft (DRAFT -> OPEN) and every signer is invited by mail. */
export async function initiateSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
): Promise<SignatureRequestView> {
  await applyEvent(services, caller, id, {
    event: () => ({ type: 'request.initiate', actorId: caller.userId }),
    type: 'initiated',
    write: (tx, found) =>
      mailSigners(services, tx, found.request, found.signatures, signatureRequestInvitationMail),
  })
  return getSignatureRequest(services, caller, id)
}
