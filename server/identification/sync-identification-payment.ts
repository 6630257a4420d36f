import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { identificationPayments } from '../db/schema/identification.ts'
import type { JobHandler } from '../jobs/job-queue.ts'
import type { ChargeProvider, ChargeStatus } from '../providers/billing/charge-provider.ts'

/** The job that brings an identification licence payment up to date with its charge at the provider. */
export const identificationPaymentSyncJob = 'identification.payment_sync'

/**
 * Applies where the licence's charge stands to our payment, each step only from the states before it: paid
 * (the licence covers) from pending, processing or failed; failed from pending or processing; processing from
 * pending. A payment paid or used stays so, so applying the same status twice changes nothing.
 */
export async function applyChargeStatus(
  db: Pick<Database, 'update'>,
  chargeId: string,
  status: ChargeStatus,
  now: Date,
): Promise<void> {
  const ofCharge = eq(identificationPayments.providerPaymentId, chargeId)
  const from = (...statuses: ('pending' | 'processing' | 'failed')[]) =>
    and(ofCharge, inArray(identificationPayments.status, statuses))
  if (status === 'paid')
    await db
      .update(identificationPayments)
      .set({ status: 'paid', paidAt: now })
      .where(from('pending', 'processing', 'failed'))
  else if (status === 'failed')
    await db.update(identificationPayments).set({ status: 'failed' }).where(from('pending', 'processing'))
  else if (status === 'processing')
    await db.update(identificationPayments).set({ status: 'processing' }).where(from('pending'))
}

/**
 * Syncs a licence payment from its charge's current state at the provider, not from the webhook that woke
 * it: events come late, twice or out of order, and the provider's state is the truth.
 */
export function identificationPaymentSyncHandler(services: {
  db: Database
  now: () => Date
  charges: ChargeProvider | null
}): JobHandler {
  return async (payload) => {
    const { chargeId } = payload as { chargeId: string }
    if (services.charges === null)
      throw new Error('identification payment sync: no charge provider is set up')
    await applyChargeStatus(
      services.db,
      chargeId,
      await services.charges.chargeStatus(chargeId),
      services.now(),
    )
  }
}
