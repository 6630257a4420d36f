import { eq } from 'drizzle-orm'
import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { notOpenRefusal } from '../../machines/signature-request/signature-request-refusals.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { getSignatureRequest } from '../signature-requests/get-signature-request.ts'
import { isSignatureOf } from '../signature-requests/load-requests.ts'
import { recordEvent } from '../signature-requests/record-event.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { findSendtoSignature } from './find-sendto-signature.ts'
import { revokeDirectLinks } from './issue-direct-link.ts'

/**
 * POST /v3/sendto/{id}/claim: a signed-in user who holds the direct link of signature `id` takes it into
 * their account: the signature becomes theirs (their id and address), the link stops working, and the trail
 * records it. Only an open signature of an open request can be claimed, and not by someone who already signs
 * that request (409). Answers the request as the caller now sees it.
 */
export async function claimSendto(
  services: RequestServices,
  caller: Caller,
  id: string,
  token: string | undefined,
): Promise<SignatureRequestView> {
  const requestId = await services.db.transaction(async (tx) => {
    const { requestId } = await findSendtoSignature(tx, id, token)
    // Every change of a request locks its row first, so claims and events queue; the signature is read
    // again behind the lock, as a claim or reminder just before may have changed it.
    const [request] = await tx
      .select({ status: signatureRequests.statusOverall })
      .from(signatureRequests)
      .where(eq(signatureRequests.id, requestId))
      .for('update')
    const signature = await findSendtoSignature(tx, id, token)
    if (request?.status !== 'OPEN') {
      throw new ApiError(
        409,
        request === undefined ? 'signature_request.not_open' : notOpenRefusal(request.status),
        'Only a link of an open request can be claimed',
      )
    }
    if (signature.status !== 'OPEN') {
      throw new ApiError(409, 'signature_request.signer_not_open', 'This signature is no longer open')
    }
    const others = await tx.select().from(signatures).where(eq(signatures.requestId, signature.requestId))
    if (others.some((s) => s.id !== signature.id && isSignatureOf(s, caller))) {
      throw new ApiError(409, 'signature_request.already_a_signer', 'You already sign this request')
    }
    await tx
      .update(signatures)
      .set({
        signerId: caller.userId,
        accountEmail: caller.email,
        tanHash: null,
        tanExpiresAt: null,
        tanFailedAttempts: 0,
        tanConfirmedAt: null,
      })
      .where(eq(signatures.id, signature.id))
    await revokeDirectLinks(tx, signature.id)
    await recordEvent(tx, signature.requestId, caller, 'claimed', services.now(), {
      signatureId: signature.id,
      linkEmail: signature.accountEmail,
    })
    return signature.requestId
  })
  return getSignatureRequest(services, caller, requestId)
}
