import { eq } from 'drizzle-orm'
import { setAttributes } from '../accounts/set-attributes.ts'
import { businessDeletionJob } from '../businesses/business-deletion.ts'
import { loadBillingBusiness } from '../businesses/payment-state.ts'
import { requirePaymentEvent } from '../businesses/require-payment-event.ts'
import { businesses, businessMembers } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'
import type { BillingServices } from './billing-services.ts'

/**
 * POST /v2/businesses/{id}/free_plan_downgrade (SPEC §2 free plan downgrade): a business whose trial ran
 * out or whose subscription ended does not pay; it closes now and its people move to the new free plan
 * (user attribute free_account_type `free_v1`: they sign with their own free signatures and, SPEC §6,
 * cannot upload). The payment machine must take `plan.downgradeToFree` (409 naming the state otherwise,
 * and while a deletion is pending). The business goes through its deletion job at once, which tells every
 * person once (the downgraded dialog) and keeps their requests theirs.
 */
export async function downgradeToFreePlan(services: BillingServices, businessId: string): Promise<void> {
  const now = services.now()
  await services.db.transaction(async (tx) => {
    const billing = await loadBillingBusiness(tx, businessId, true)
    if (billing.business.deletionScheduledAt !== null) {
      throw new ApiError(409, 'business.transition_refused', 'The business is already being deleted')
    }
    requirePaymentEvent(billing, now, { type: 'plan.downgradeToFree' })
    const people = await tx
      .select({ userId: businessMembers.userId })
      .from(businessMembers)
      .where(eq(businessMembers.businessId, businessId))
    for (const { userId } of people) await setAttributes(tx, userId, { free_account_type: ['free_v1'] })
    await tx.update(businesses).set({ deletionScheduledAt: now }).where(eq(businesses.id, businessId))
    await services.jobs.enqueue(
      tx,
      businessDeletionJob,
      { businessId },
      { runAt: now, key: `${businessDeletionJob}:${businessId}:${now.toISOString()}` },
    )
  })
  services.jobs.wake()
}
