import { eq } from 'drizzle-orm'
import { businesses } from '../db/schema/businesses.ts'
import type { JobHandler, JobWriter } from '../jobs/job-queue.ts'
import { renderMail } from '../mail/render-mail.ts'
import { trialEndedMail } from '../mail/trial-ended-mail.ts'
import { adminsToMail } from './business-people.ts'
import type { BusinessServices } from './business-services.ts'

/** The job kind that ends a business's trial on its last day. */
export const trialEndJob = 'business.trial_end'

/** Writes the job that ends the trial at `at`, with `writer` the transaction that started it. */
export function scheduleTrialEnd(
  jobs: BusinessServices['jobs'],
  writer: JobWriter,
  businessId: string,
  at: Date,
): Promise<void> {
  return jobs.enqueue(writer, trialEndJob, { businessId }, { runAt: at, key: `${trialEndJob}:${businessId}` })
}

/**
 * Ends a trial that is still running when its day has come: the business needs a payment method now
 * (SPEC §4 NEEDS_PAYMENT_METHOD) and every admin is mailed. A business that chose a plan meanwhile, or
 * is gone, is left alone.
 */
export function trialEndHandler(
  services: Pick<BusinessServices, 'db' | 'now' | 'mail' | 'publicUrl'>,
): JobHandler {
  return async (payload) => {
    const { businessId } = payload as { businessId: string }
    await services.db.transaction(async (tx) => {
      const [business] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).for('update')
      const end = business?.trialEndsAt
      if (business?.paymentMethod !== 'TRIALING' || !end || end.getTime() > services.now().getTime()) return
      await tx
        .update(businesses)
        .set({ paymentMethod: 'NEEDS_PAYMENT_METHOD' })
        .where(eq(businesses.id, businessId))
      for (const { email, locale } of await adminsToMail(tx, businessId)) {
        const link = `${services.publicUrl}/business/billing`
        await services.mail.post(
          tx,
          renderMail(trialEndedMail, locale, email, { business: business.name, link }),
        )
      }
    })
  }
}
