import { and, eq, isNull, lte, or } from 'drizzle-orm'
import type { SignatureRequestView } from '../../contract/signature-requests.ts'
import { notOpenRefusal } from '../../machines/signature-request/signature-request-refusals.ts'
import { signatureRequests } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { signatureRequestReminderMail } from '../mail/signature-request-reminder-mail.ts'
import { findRequest } from './find-request.ts'
import { getSignatureRequest } from './get-signature-request.ts'
import { mailSigners } from './mail-signers.ts'
import { recordEvent } from './record-event.ts'
import type { Caller, RequestServices } from './request-services.ts'
import { signaturesInTurn } from './signatures-in-turn.ts'

/** Shortest time between two reminders of one request. */
const remindIntervalMs = 60 * 60 * 1000

/** A reminder within the hour after the last one; the route sends `retryAfterSeconds` as Retry-After. */
class RemindTooSoon extends ApiError {
  constructor(retryAfterSeconds: number) {
    super(429, 'signature_request.remind_too_soon', 'The signers were reminded less than an hour ago', {
      retryAfterSeconds,
    })
  }
}

/**
 * POST .../remind: the owner of an OPEN request mails every signer whose turn it is (an open signature; in
 * a request in order, of the current turn), at most
 * once an hour per request. The hour is claimed by one conditional update, so two reminders at the same
 * moment send one round of mail. A signer who is not the owner gets 409 `signature_request.not_owner`.
 */
export async function remindSigners(
  services: RequestServices,
  caller: Caller,
  id: string,
): Promise<SignatureRequestView> {
  const found = await findRequest(services.db, caller, id)
  const { request } = found
  if (!found.isOwner) throw new ApiError(409, 'signature_request.not_owner', 'Only the sender reminds')
  if (request.statusOverall !== 'OPEN') {
    throw new ApiError(409, notOpenRefusal(request.statusOverall), 'Only an open request can be reminded')
  }
  const now = services.now()
  const due = new Date(now.getTime() - remindIntervalMs)
  const claimed = await services.db.transaction(async (tx) => {
    const rows = await tx
      .update(signatureRequests)
      .set({ lastRemindedAt: now })
      .where(
        and(
          eq(signatureRequests.id, request.id),
          or(isNull(signatureRequests.lastRemindedAt), lte(signatureRequests.lastRemindedAt, due)),
        ),
      )
      .returning({ id: signatureRequests.id })
    if (rows.length === 0) return false
    await recordEvent(tx, request.id, caller, 'reminded', now)
    const turn = signaturesInTurn(request, found.signatures)
    await mailSigners(services, tx, request, turn, signatureRequestReminderMail)
    return true
  })
  if (!claimed) {
    const last = request.lastRemindedAt?.getTime() ?? now.getTime()
    throw new RemindTooSoon(Math.max(1, Math.ceil((last + remindIntervalMs - now.getTime()) / 1000)))
  }
  return getSignatureRequest(services, caller, id)
}
