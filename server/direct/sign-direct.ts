import type { SignAnswer, SignBody } from '../../contract/signing.ts'
import type { SignResultCode } from '../../machines/signing/signing.types.ts'
import { requestNotFound } from '../signature-requests/find-request.ts'
import { underPart11 } from '../signing/part11.ts'
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
 *
 * A request of a business that signs under 21 CFR Part 11 first asks for the printed name and meaning
 * (`part11_required`), then for a TAN entered with them in the same call (`tan_required` even after an
 * earlier confirmed TAN): the TAN is the signer's credential for that signature (11.200).
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
  const answer = (result: SignResultCode, triesLeft?: number): SignAnswer => ({
    results: body.signatureRequests.map((item) => ({
      signatureRequestId: item.signatureRequestId,
      result,
      statusOverall: request.statusOverall,
      ...(triesLeft === undefined ? {} : { tanTriesLeft: triesLeft }),
    })),
  })
  const part11 = await underPart11(services.db, request.ownerId)
  if (part11 && body.part11 === undefined) return answer('part11_required')
  const check: { verdict: TanVerdict | 'required'; triesLeft?: number } =
    body.tan !== undefined
      ? await verifyTan(services, direct.signatureId, body.tan)
      : { verdict: signature.tanConfirmedAt === null || part11 ? 'required' : 'valid' }
  const { verdict, triesLeft } = check
  if (verdict !== 'valid') return answer(`tan_${verdict}`, verdict === 'invalid' ? triesLeft : undefined)
  const meaning = body.part11 && {
    signingName: body.part11.signingName,
    signingReason: body.part11.signingReason,
  }
  return signRequests(
    services,
    { kind: 'direct', signatureId: direct.signatureId, requestId: direct.requestId, ip: direct.ip },
    body,
    part11 && meaning ? { part11: meaning } : {},
  )
}
