import { eq } from 'drizzle-orm'
import { displayName } from '../accounts/display-name.ts'
import { businessOfAccount } from '../businesses/business-of-account.ts'
import { users } from '../db/schema/accounts.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { type JobHandler, type JobWriter, writeJob } from '../jobs/job-queue.ts'
import { mailBrandOf } from '../mail/mail-brand.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { renderMail } from '../mail/render-mail.ts'
import { requestParticipants } from '../mail/request-participants.ts'
import { signatureRequestExpiredMail } from '../mail/signature-request-expired-mail.ts'
import { decideEvent } from './apply-event.ts'
import { recordEvent } from './record-event.ts'
import type { RequestServices } from './request-services.ts'
import { signaturesInTurn } from './signatures-in-turn.ts'

/** The job kind that ends an open request when its expiry passes. */
export const requestExpiryJob = 'signature_request.expire'

/**
 * Writes the job that expires the request at `expiresAt`, with `writer` the transaction that sent it or moved
 * its expiry. A job of an earlier expiry stays and, run, finds the request not yet due.
 */
export function scheduleExpiry(
  writer: JobWriter,
  requestId: string,
  expiresAt: Date,
  at: Date,
): Promise<void> {
  return writeJob(writer, requestExpiryJob, { requestId }, at, {
    runAt: expiresAt,
    key: `${requestExpiryJob}:${requestId}:${expiresAt.toISOString()}`,
  })
}

/**
 * Ends a request that is still open when its expiry has passed on the server's clock (the lifecycle's
 * `request.expire`): the trail records it, the callbacks are queued with it, and its sender and every signer who
 * was asked (not those of a later turn of its signing order) are mailed. A request that ended, or whose expiry was moved later or taken away, is left alone.
 */
export function requestExpiryHandler(
  services: Pick<RequestServices, 'db' | 'now' | 'mail' | 'publicUrl'>,
): JobHandler {
  return async (payload) => {
    const { requestId } = payload as { requestId: string }
    await services.db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(signatureRequests)
        .where(eq(signatureRequests.id, requestId))
        .for('update')
      const now = services.now()
      const expiresAt = request?.expiresAt
      if (request?.statusOverall !== 'OPEN' || !expiresAt || expiresAt.getTime() > now.getTime()) return
      const rows = await tx.select().from(signatures).where(eq(signatures.requestId, requestId))
      const decision = decideEvent(request, rows, { type: 'request.expire' })
      await tx
        .update(signatureRequests)
        .set({ statusOverall: decision.status, updatedAt: now })
        .where(eq(signatureRequests.id, requestId))
      await recordEvent(tx, requestId, null, 'expired', now, { expiresAt: expiresAt.toISOString() })
      const [owner] = await tx.select().from(users).where(eq(users.id, request.ownerId))
      const sender = displayName(owner, owner?.email ?? '')
      const brand = mailBrandOf(await businessOfAccount(tx, request.ownerId), services.publicUrl)
      // Signers of a later turn were never asked: nothing of the request reached them, so neither does its end.
      const asked = new Set([
        ...rows.filter((row) => row.status !== 'OPEN').map((row) => row.id),
        ...signaturesInTurn(request, rows).map((row) => row.id),
      ])
      const told = (await requestParticipants(tx, request)).filter(
        (participant) => participant.signatureId === undefined || asked.has(participant.signatureId),
      )
      for (const participant of told) {
        const link = participant.hasAccount ? `${services.publicUrl}/view/${requestId}` : undefined
        await services.mail.post(
          tx,
          renderMail(
            signatureRequestExpiredMail,
            pickMailLocale(participant.language),
            participant.email,
            { sender, title: request.title, link },
            brand,
          ),
        )
      }
    })
  }
}
