import { eq } from 'drizzle-orm'
import { paymentGraceDays } from '../../contract/billing.ts'
import { dayMs } from '../../contract/datetime.ts'
import { hasPaymentIssue } from '../../machines/business-payment/card-subscription.ts'
import { adminsToMail } from '../businesses/business-people.ts'
import type { BillingBusiness } from '../businesses/payment-state.ts'
import type { Database } from '../db/open-database.ts'
import { businessSubscriptions } from '../db/schema/billing.ts'
import { businesses } from '../db/schema/businesses.ts'
import type { JobHandler } from '../jobs/job-queue.ts'
import { businessBlockedMail } from '../mail/business-blocked-mail.ts'
import { paymentFailedMail } from '../mail/payment-failed-mail.ts'
import { renderMail } from '../mail/render-mail.ts'
import type { ProviderSubscription } from '../providers/billing/billing-provider.ts'
import type { BillingServices } from './billing-services.ts'

/** The job that blocks a business whose renewal stayed unpaid through the grace period. */
export const paymentGraceJob = 'billing.payment_grace_end'

type ApplyServices = Pick<BillingServices, 'now' | 'jobs' | 'mail' | 'publicUrl'>

/**
 * Writes what the provider says of the business's subscription, in the caller's transaction (which holds
 * the business row), and what follows from it (SPEC §4): a paid subscription is STRIPE (and unblocks a
 * blocked business); an ended one needs a payment method again; an unpaid renewal starts the grace period,
 * mailed to the admins, at whose end a job blocks the business.
 */
export async function applySubscription(
  services: ApplyServices,
  tx: Database,
  { business }: BillingBusiness,
  subscription: ProviderSubscription,
): Promise<void> {
  const now = services.now()
  const copy = {
    subscriptionId: subscription.id,
    plan: subscription.price.plan,
    cycle: subscription.price.cycle,
    currency: subscription.price.currency,
    seats: subscription.seats,
    status: subscription.status,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    seatsAtPeriodEnd: subscription.seatsAtPeriodEnd,
    promoCode: subscription.promoCode,
    syncedAt: now,
  }
  await tx
    .insert(businessSubscriptions)
    .values({ businessId: business.id, ...copy })
    .onConflictDoUpdate({ target: businessSubscriptions.businessId, set: copy })
  const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired'
  const issue = !ended && hasPaymentIssue(subscription.status)
  // A business invoiced by hand stays so, whatever a subscription it had before reports.
  const kept = business.paymentMethod === 'MANUAL' || (issue && business.paymentMethod === 'BLOCKED')
  const paymentMethod = kept ? business.paymentMethod : ended ? 'NEEDS_PAYMENT_METHOD' : 'STRIPE'
  const since = issue && paymentMethod !== 'MANUAL' ? (business.paymentIssueSince ?? now) : null
  await tx
    .update(businesses)
    .set({ paymentMethod, paymentIssueSince: since })
    .where(eq(businesses.id, business.id))
  if (since === null || business.paymentIssueSince !== null) return
  const blockAt = new Date(since.getTime() + paymentGraceDays * dayMs)
  await services.jobs.enqueue(
    tx,
    paymentGraceJob,
    { businessId: business.id },
    { runAt: blockAt, key: `${paymentGraceJob}:${business.id}:${since.toISOString()}` },
  )
  for (const { email, locale } of await adminsToMail(tx, business.id)) {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(blockAt)
    const link = `${services.publicUrl}/business/billing/payment`
    await services.mail.post(
      tx,
      renderMail(paymentFailedMail, locale, email, { business: business.name, date, link }),
    )
  }
}

/**
 * Blocks the business (SPEC §4 BLOCKED) when its renewal is still unpaid at the end of the grace period,
 * and mails the admins; a business that paid meanwhile, or whose issue started later, is left alone.
 */
export function paymentGraceHandler(
  services: Pick<BillingServices, 'db' | 'now' | 'mail' | 'publicUrl'>,
): JobHandler {
  return async (payload) => {
    const { businessId } = payload as { businessId: string }
    await services.db.transaction(async (tx) => {
      const [business] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).for('update')
      const since = business?.paymentIssueSince
      if (!business || !since || business.paymentMethod !== 'STRIPE') return
      if (since.getTime() + paymentGraceDays * dayMs > services.now().getTime()) return
      await tx.update(businesses).set({ paymentMethod: 'BLOCKED' }).where(eq(businesses.id, businessId))
      // The admins of a blocked business are held on the members page but for the upgrade page, where it pays.
      for (const { email, locale } of await adminsToMail(tx, businessId)) {
        const link = `${services.publicUrl}/business/upgrade`
        await services.mail.post(
          tx,
          renderMail(businessBlockedMail, locale, email, { business: business.name, link }),
        )
      }
    })
  }
}
