import { eq } from 'drizzle-orm'
import type { billingStatuses } from '../../contract/businesses.ts'
import type { PaymentMethodStateName } from '../../contract/user.ts'
import { needsPaymentAction } from '../../machines/business-payment/payment-method.ts'
import type { Database } from '../db/open-database.ts'
import { businesses, businessMembers } from '../db/schema.ts'

/**
 * The business's SPEC §4 payment method state now: a trial whose end has passed reads as
 * NEEDS_PAYMENT_METHOD (trial expired) without anything having to change the row at that moment.
 */
export function currentPaymentMethod(
  row: { paymentMethod: string; trialEndsAt: Date | null },
  now: Date,
): PaymentMethodStateName {
  const method = row.paymentMethod as PaymentMethodStateName
  if (method === 'TRIALING' && row.trialEndsAt !== null && row.trialEndsAt.getTime() <= now.getTime()) {
    return 'NEEDS_PAYMENT_METHOD'
  }
  return method
}

const billingStatusOf: Record<PaymentMethodStateName, (typeof billingStatuses)[number]> = {
  TRIALING: 'trialing',
  NEEDS_PAYMENT_METHOD: 'needs_payment_method',
  BLOCKED: 'needs_payment_method',
  MANUAL: 'manual',
  STRIPE: 'stripe',
  CHARGEBEE: 'stripe',
}

/** The SPEC §4 billing status string of a payment method state. */
export function billingStatus(method: PaymentMethodStateName): (typeof billingStatuses)[number] {
  return billingStatusOf[method]
}

/**
 * Whether the user's signatures are the business's: they belong to one in good standing (a running trial
 * or a payment method; not an expired trial or a locked business).
 */
export async function isPaidByBusiness(
  db: Pick<Database, 'select'>,
  userId: string,
  now: Date,
): Promise<boolean> {
  const [business] = await db
    .select({ paymentMethod: businesses.paymentMethod, trialEndsAt: businesses.trialEndsAt })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId))
  return business !== undefined && !needsPaymentAction(currentPaymentMethod(business, now))
}
