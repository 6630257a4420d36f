import { eq } from 'drizzle-orm'
import { deletionGraceDays } from '../../contract/businesses.ts'
import { dayMs } from '../../contract/datetime.ts'
import { setAttributes } from '../accounts/set-attributes.ts'
import type { BillingProviders } from '../billing/billing-services.ts'
import type { Database } from '../db/open-database.ts'
import { businessSubscriptions } from '../db/schema/billing.ts'
import { businesses, businessMembers } from '../db/schema/businesses.ts'
import { seals } from '../db/schema/seals.ts'
import type { JobHandler } from '../jobs/job-queue.ts'
import { businessDeletionMail } from '../mail/business-deletion-mail.ts'
import { renderMail } from '../mail/render-mail.ts'
import { sealImagesFolder } from '../seals/seal-image.ts'
import { revokeCertificatePem } from '../signing/revoke-certificate.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { logoKey } from './business-logo.ts'
import { adminsToMail } from './business-people.ts'
import type { BusinessServices } from './business-services.ts'
import { loadBillingBusiness } from './payment-state.ts'
import { requirePaymentEvent } from './require-payment-event.ts'

/** The job kind that deletes a business whose scheduled deletion has come. */
export const businessDeletionJob = 'business.delete'

/**
 * DELETE /v2/businesses/{id}: schedules the business's deletion in 30 days, as a job written with the
 * change, and mails every admin the date, when the payment machine takes `business.delete` (not while a
 * deletion is pending: 409).
 */
export async function scheduleBusinessDeletion(
  services: BusinessServices,
  businessId: string,
): Promise<Date> {
  const deletionAt = await services.db.transaction(async (tx) => {
    const billing = await loadBillingBusiness(tx, businessId, true)
    const { business } = billing
    requirePaymentEvent(billing, services.now(), { type: 'business.delete' })
    const at = new Date(services.now().getTime() + deletionGraceDays * dayMs)
    await tx.update(businesses).set({ deletionScheduledAt: at }).where(eq(businesses.id, businessId))
    await services.jobs.enqueue(
      tx,
      businessDeletionJob,
      { businessId },
      { runAt: at, key: `${businessDeletionJob}:${businessId}:${at.toISOString()}` },
    )
    for (const { email, locale } of await adminsToMail(tx, businessId)) {
      const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at)
      await services.mail.post(
        tx,
        renderMail(businessDeletionMail, locale, email, {
          business: business.name,
          date,
          link: `${services.publicUrl}/business/profile`,
        }),
      )
    }
    return at
  })
  return deletionAt
}

/** POST /v2/businesses/{id}/revoke_delete: takes a scheduled deletion back, when the payment machine allows. */
export async function revokeBusinessDeletion(db: Database, businessId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    requirePaymentEvent(await loadBillingBusiness(tx, businessId, true), now, { type: 'deletion.revoke' })
    await tx.update(businesses).set({ deletionScheduledAt: null }).where(eq(businesses.id, businessId))
  })
}

/**
 * A business deleted on its day stops paying at once: its running subscription ends at the provider
 * before its row goes (the provider's later events then find no business and change nothing).
 */
async function endSubscription(
  services: { db: Database; now: () => Date; billing: Pick<BillingProviders, 'subscriptions'> | null },
  businessId: string,
): Promise<void> {
  const [row] = await services.db
    .select({ due: businesses.deletionScheduledAt, subscription: businessSubscriptions })
    .from(businesses)
    .leftJoin(businessSubscriptions, eq(businessSubscriptions.businessId, businesses.id))
    .where(eq(businesses.id, businessId))
  const subscription = row?.subscription
  if (!row?.due || row.due.getTime() > services.now().getTime() || !subscription) return
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return
  if (services.billing === null) throw new Error('billing is not set up: the subscription cannot be ended')
  await services.billing.subscriptions.cancelSubscription(
    subscription.subscriptionId,
    `delete:${businessId}:${subscription.subscriptionId}`,
  )
}

/**
 * Deletes the business when its scheduled deletion has come, and does nothing when it was revoked or moved
 * (the job of a revoked deletion still runs on its day). Its members become plain users, each with
 * `business_deleted` (its name) so the app tells them once; their requests stay theirs. Its seals' certificates
 * are revoked (cessationOfOperation).
 */
export function businessDeletionHandler(services: {
  db: Database
  now: () => Date
  storage: Pick<FileStorage, 'delete' | 'deleteFolder'>
  billing: Pick<BillingProviders, 'subscriptions'> | null
}): JobHandler {
  return async (payload) => {
    const { businessId } = payload as { businessId: string }
    await endSubscription(services, businessId)
    const gone = await services.db.transaction(async (tx) => {
      const [business] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).for('update')
      // Deleted by an earlier try, which did not get as far as the logo and seal images.
      if (business === undefined) return true
      const due = business.deletionScheduledAt
      if (due === null || due.getTime() > services.now().getTime()) return false
      const members = await tx
        .select({ userId: businessMembers.userId })
        .from(businessMembers)
        .where(eq(businessMembers.businessId, businessId))
      for (const { userId } of members) await setAttributes(tx, userId, { business_deleted: [business.name] })
      // Its seals go with it, and their certificates are revoked: nobody may seal in its name any more.
      const sealed = await tx
        .select({ certificatePem: seals.certificatePem })
        .from(seals)
        .where(eq(seals.businessId, businessId))
      for (const { certificatePem } of sealed) {
        await revokeCertificatePem(tx, certificatePem, 'cessationOfOperation', services.now())
      }
      await tx.delete(businesses).where(eq(businesses.id, businessId))
      return true
    })
    if (gone) {
      await services.storage.delete(logoKey(businessId))
      await services.storage.deleteFolder(sealImagesFolder(businessId))
    }
  }
}
