import { and, eq, like } from 'drizzle-orm'
import { dayMs } from '../../contract/datetime.ts'
import { jobs } from '../db/schema/jobs.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { type JobHandler, writeJob } from '../jobs/job-queue.ts'
import { signatureRequestReminderMail } from '../mail/signature-request-reminder-mail.ts'
import type { Queryable } from './load-requests.ts'
import { mailSigners } from './mail-signers.ts'
import { recordEvent } from './record-event.ts'
import type { RequestServices } from './request-services.ts'
import { signaturesInTurn } from './signatures-in-turn.ts'

/** The job kind of a request's automatic reminders: one job, which waits for each next reminder in turn. */
export const autoRemindJob = 'signature_request.auto_remind'

/**
 * Writes the job of the request's automatic reminders, the first `everyDays` after `from` (when it was sent, or
 * its last reminder), in the transaction that sent the request or changed its reminders; a waiting job of
 * earlier reminders is taken away, so one job reminds.
 */
export async function scheduleReminders(
  tx: Queryable,
  requestId: string,
  everyDays: number,
  from: Date,
  at: Date,
): Promise<void> {
  await tx
    .delete(jobs)
    .where(
      and(
        eq(jobs.kind, autoRemindJob),
        eq(jobs.state, 'waiting'),
        like(jobs.key, `${autoRemindJob}:${requestId}:%`),
      ),
    )
  const runAt = new Date(from.getTime() + everyDays * dayMs)
  await writeJob(tx, autoRemindJob, { requestId }, at, {
    runAt,
    key: `${autoRemindJob}:${requestId}:${at.toISOString()}`,
  })
}

/**
 * Reminds every signer whose turn it is and whose signature is still open, every `remind_every_days` days
 * counted from the last reminder (a manual one too), until `remind_at_most` were sent or the request ends
 * (signed, declined, withdrawn or expired). Each reminder is `reminded` in the trail, by nobody, with `automatic`. The job waits for
 * the next one; it is done when none is left to send.
 */
export function autoRemindHandler(
  services: Pick<RequestServices, 'db' | 'now' | 'mail' | 'publicUrl'>,
): JobHandler {
  return async (payload) => {
    const { requestId } = payload as { requestId: string }
    return services.db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(signatureRequests)
        .where(eq(signatureRequests.id, requestId))
        .for('update')
      const everyDays = request?.remindEveryDays
      const atMost = request?.remindAtMost
      if (request?.statusOverall !== 'OPEN' || !everyDays || !atMost || request.remindersSent >= atMost)
        return
      const now = services.now()
      const last = request.lastRemindedAt
      if (last !== null && last.getTime() + everyDays * dayMs > now.getTime())
        return { notBefore: new Date(last.getTime() + everyDays * dayMs) }
      const sent = request.remindersSent + 1
      await tx
        .update(signatureRequests)
        .set({ lastRemindedAt: now, remindersSent: sent })
        .where(eq(signatureRequests.id, requestId))
      await recordEvent(tx, requestId, null, 'reminded', now, { automatic: true, count: sent })
      // The signers whose turn it is: all open ones of a parallel request, the current turn's of one in order.
      const rows = await tx.select().from(signatures).where(eq(signatures.requestId, requestId))
      await mailSigners(services, tx, request, signaturesInTurn(request, rows), signatureRequestReminderMail)
      return sent < atMost ? { notBefore: new Date(now.getTime() + everyDays * dayMs) } : undefined
    })
  }
}
