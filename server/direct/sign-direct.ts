import type { SignAnswer, SignBody } from '../../contract/signing.ts'
import { requestNotFound } from '../signature-requests/find-request.ts'
import { signRequests } from '../signing/sign-requests.ts'
import type { SigningServices } from '../signing/signing-services.ts'
import { assertCanSign } from './assert-can-sign.ts'
import type { DirectCaller } from './authenticate-direct.ts'
import { type TanVerdict, verifyTan } from './verify-tan.ts'

/**
 * POST /v3/direct/sign: the direct-link signer signs their one request (any other listed is 404) with a
 * simple signature, which needs a TAN confirmed since the last TAN mail. A `tan` in the body is checked
 * first, as tan/check does. Without a confirmed TAN, or with a wrong, expired or locked one, nothing is
 * signed and the answer says why (`tan_required`, `tan_invalid` with the tries left, `tan_expired`,
 * `tan_locked`). A signer
 * the machine refuses (signed or declined already, request no longer open) gets its 409 before any TAN is
 * looked at.
 */
export async function signDirect(
  services: SigningServices,
  direct: DirectCaller,
  body: SignBody,
): Promise<SignAnswer> {
  if (body.signatureRequests.some((item) => item.signatureRequestId.toLowerCase() !== direct.requestId)) {
    throw requestNotFound()
  }
  const { request, signature } = await assertCanSign(services.db, direct)
  const check: { verdict: TanVerdict | 'required'; triesLeft?: number } =
    body.tan !== undefined
      ? await verifyTan(services, direct.signatureId, body.tan)
      : { verdict: signature.tanConfirmedAt === null ? 'required' : 'valid' }
  const { verdict, triesLeft } = check
  if (verdict !== 'valid') {
    return {
      results: body.signatureRequests.map((item) => ({
        signatureRequestId: item.signatureRequestId,
        result: `tan_${verdict}`,
        statusOverall: request.statusOverall,
        ...(verdict === 'invalid' && triesLeft !== undefined ? { tanTriesLeft: triesLeft } : {}),
      })),
    }
  }
  return signRequests(
    services,
    { kind: 'direct', signatureId: direct.signatureId, requestId: direct.requestId, ip: direct.ip },
    body,
  )
}
