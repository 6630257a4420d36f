import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { signatureRequestInvitationMail } from '../mail/signature-request-invitation-mail.ts'
import { applyEvent } from './apply-event.ts'
import { scheduleReminders } from './auto-remind-signers.ts'
import { scheduleExpiry } from './expire-signature-request.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import { mailSigners } from './mail-signers.ts'
import type { Caller, RequestServices } from './request-services.ts'
import { signaturesInTurn } from './signatures-in-turn.ts'

/**
 * POST .../initiate: the owner sends the draft (DRAFT -> OPEN) and the signers whose turn it is are invited
 * by mail: every signer of a parallel request, the first in the signing order of one in order; its expiry and
 * automatic reminders are scheduled with it. An expiry that passed while it was a draft is 400 naming
 * `expires_at`.
 */
export async function initiateSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
): Promise<SignatureRequestView> {
  await sendSignatureRequest(services, caller, id)
  return getSignatureRequest(services, caller, id)
}

/**
 * What {@link initiateSignatureRequest} does, without reading the request back (a bulk send's row). The signer
 * whose e-mail address is `present` (a public template's visitor) is on the signing page already: no
 * invitation is mailed to them.
 */
export async function sendSignatureRequest(
  services: RequestServices,
  caller: Caller,
  id: string,
  { present }: { present?: string } = {},
): Promise<void> {
  await applyEvent(services, caller, id, {
    event: () => ({ type: 'request.initiate', actorId: caller.userId }),
    type: 'initiated',
    write: async (tx, found) => {
      const { request } = found
      const now = services.now()
      if (request.expiresAt !== null) {
        if (request.expiresAt.getTime() <= now.getTime()) {
          throw new ApiError(400, 'request.invalid', 'The expiry has passed', { field: 'expires_at' })
        }
        await scheduleExpiry(tx, request.id, request.expiresAt, now)
      }
      if (request.remindEveryDays !== null)
        await scheduleReminders(tx, request.id, request.remindEveryDays, now, now)
      await mailSigners(
        services,
        tx,
        request,
        signaturesInTurn(request, found.signatures).filter(
          (signature) => signature.accountEmail.toLowerCase() !== present?.toLowerCase(),
        ),
        signatureRequestInvitationMail,
      )
    },
  })
}
