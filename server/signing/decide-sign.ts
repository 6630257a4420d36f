import {
  type ApplyRequestResult,
  applyRequestEvent,
} from '../../machines/signature-request/apply-request-event.ts'
import { ApiError } from '../http/api-error.ts'
import {
  type RequestRow,
  type SignatureRow,
  storedRequestState,
} from '../signature-requests/load-requests.ts'

/** The request as it is after the signature: its new overall status and every signer's status. */
export type SignDecision = Extract<ApplyRequestResult, { ok: true }>

/**
 * Asks the request's lifecycle machine whether the signer of signature `actorId` may sign now and what
 * follows; a refusal (not open, already signed, not a signer) is 409 with the machine's code.
 */
export function decideSign(
  request: RequestRow,
  rows: readonly SignatureRow[],
  actorId: string,
): SignDecision {
  const result = applyRequestEvent(storedRequestState(request, rows), { type: 'request.sign', actorId })
  if (!result.ok) throw new ApiError(409, result.code, `The request refused this: ${result.code}`)
  return result
}
