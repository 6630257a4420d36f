import { eq } from 'drizzle-orm'
import { billingEvents, businessSubscriptions } from '../db/schema/billing.ts'
import { businesses } from '../db/schema/businesses.ts'
import { identificationPaymentSyncJob } from '../identification/sync-identification-payment.ts'
import type { JobHandler, JobQueue, JobWriter } from '../jobs/job-queue.ts'
import type { ProviderEvent } from '../providers/billing/billing-provider.ts'
import { applySubscription } from './apply-subscription.ts'
import { type BillingServices, requireProviders } from './billing-services.ts'

/** The job that brings a subscription's copy up to date with the provider. */
export const billingSyncJob = 'billing.sync'

/**
 * Keeps a provider event once, by its id, and writes the job that syncs its subscription, or its
 * identification licence's charge, in the caller's transaction: a replayed webhook finds its id and changes
 * nothing.
 */
export async function recordProviderEvent(
  writer: JobWriter,
  jobs: Pick<JobQueue, 'enqueue'>,
  event: ProviderEvent,
  receivedAt: Date,
): Promise<void> {
  const kept = await writer
    .insert(billingEvents)
    .values({
      id: event.id,
      type: event.type,
      subscriptionId: event.subscriptionId,
      customerId: event.customerId,
      receivedAt,
    })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id })
  if (kept.length === 0) return
  if (event.chargeId !== null)
    await jobs.enqueue(
      writer,
      identificationPaymentSyncJob,
      { chargeId: event.chargeId },
      { key: `${identificationPaymentSyncJob}:${event.id}` },
    )
  if (event.subscriptionId === null) return
  await jobs.enqueue(
    writer,
    billingSyncJob,
    { subscriptionId: event.subscriptionId },
    { key: `${billingSyncJob}:${event.id}` },
  )
}

/**
 * Syncs a subscription from the provider's current state, not from the event: events may come late, twice
 * or out of order, and the provider's state is the truth. A subscription that is no longer the business's
 * (it subscribed anew since) is left alone.
 */
export function billingSyncHandler(services: BillingServices): JobHandler {
  return async (payload) => {
    const { subscriptionId } = payload as { subscriptionId: string }
    const subscription = await requireProviders(services).subscriptions.retrieveSubscription(subscriptionId)
    await services.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(businesses)
        .leftJoin(businessSubscriptions, eq(businessSubscriptions.businessId, businesses.id))
        .where(eq(businesses.customerId, subscription.customerId))
        .for('update', { of: businesses })
      if (row === undefined) return
      const current = row.business_subscriptions
      if (current !== null && current.subscriptionId !== subscription.id) return
      await applySubscription(services, tx, { business: row.businesses, subscription: current }, subscription)
    })
    services.jobs.wake()
  }
}
