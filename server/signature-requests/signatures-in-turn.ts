import { signersInTurn } from '../../machines/signature-request/signature-request-refusals.ts'
import { type RequestRow, type SignatureRow, storedRequestState } from './load-requests.ts'

/**
 * The signatures whose turn it is in the request's signing order, as the lifecycle machine decides it: every
 * open one of a parallel request, else the open ones at the lowest position. Only they are mailed.
 */
export function signaturesInTurn(request: RequestRow, rows: readonly SignatureRow[]): SignatureRow[] {
  const turn = new Set(signersInTurn(storedRequestState(request, rows)))
  return rows.filter((row) => turn.has(row.id))
}
