import { eq } from 'drizzle-orm'
import {
  type ApplyRequestResult,
  applyRequestEvent,
} from '../../machines/signature-request/apply-request-event.ts'
import type { SignatureRequestEvent } from '../../machines/signature-request/signature-request.types.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { type FoundRequest, findRequest } from './find-request.ts'
import { type Queryable, type RequestRow, type SignatureRow, storedRequestState } from './load-requests.ts'
import { type RequestEventType, recordEvent } from './record-event.ts'
import type { Caller, RequestServices } from './request-services.ts'

/** One state change asked of a request: the machine event it is, and how the audit trail records it. */
export type RequestChange = {
  /** The machine event; signers are keyed by signature id, so a signer acts as their signature's id. */
  event: (found: FoundRequest) => SignatureRequestEvent
  type: RequestEventType
  /** What the trail says besides who and when; a function of the request when it names its signers. */
  detail?: Record<string, unknown> | ((found: FoundRequest) => Record<string, unknown>)
  /**
   * Rows the event adds or removes besides the statuses (the signature of a signer added or removed),
   * written in the same transaction once the machine has taken the event; it may still refuse by throwing.
   */
  write?: (tx: Queryable, found: FoundRequest) => Promise<void>
}

/** What the lifecycle machine makes of an event it takes. */
export type RequestDecision = Extract<ApplyRequestResult, { ok: true }>

/**
 * Asks the lifecycle machine what `event` does to the stored request (`request` with its signatures `rows`);
 * a refusal is 409 with the machine's code. Nothing is written.
 */
export function decideEvent(
  request: RequestRow,
  rows: readonly SignatureRow[],
  event: SignatureRequestEvent,
): RequestDecision {
  const result = applyRequestEvent(storedRequestState(request, rows), event)
  if (!result.ok) throw new ApiError(409, result.code, `The request refused this: ${result.code}`)
  return result
}

/**
 * Replays one event on the stored request with the lifecycle machine and, if it takes it, writes the new
 * overall and signer statuses and the audit entry in one transaction, the request row locked meanwhile. A
 * refusal is 409 with the machine's code and nothing changes; a request the caller may not see is 404.
 * Answers the request as it was before the change.
 */
export async function applyEvent(
  services: RequestServices,
  caller: Caller,
  id: string,
  change: RequestChange,
): Promise<FoundRequest> {
  return services.db.transaction(async (tx) => {
    const found = await findRequest(tx, caller, id, true)
    const { request } = found
    const result = decideEvent(request, found.signatures, change.event(found))
    const now = services.now()
    await change.write?.(tx, found)
    await tx
      .update(signatureRequests)
      .set({ statusOverall: result.status, updatedAt: now })
      .where(eq(signatureRequests.id, request.id))
    for (const signature of found.signatures) {
      const status = result.signers[signature.id]
      if (status === undefined || status === signature.status) continue
      await tx
        .update(signatures)
        .set({ status, signedAt: status === 'SIGNED' ? now : signature.signedAt })
        .where(eq(signatures.id, signature.id))
    }
    const detail = typeof change.detail === 'function' ? change.detail(found) : change.detail
    await recordEvent(tx, request.id, caller, change.type, now, detail)
    return found
  })
}
