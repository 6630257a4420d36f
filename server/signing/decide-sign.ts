import { decideEvent, type RequestDecision } from '../signature-requests/apply-event.ts'
import type { RequestRow, SignatureRow } from '../signature-requests/load-requests.ts'

/**
 * Asks the request's lifecycle machine whether the signer of signature `actorId` may sign now and what
 * follows (the request's new overall status and every signer's status); a refusal (not open, already
 * signed, not a signer) is 409 with the machine's code.
 */
export function decideSign(
  request: RequestRow,
  rows: readonly SignatureRow[],
  actorId: string,
): RequestDecision {
  return decideEvent(request, rows, { type: 'request.sign', actorId })
}
