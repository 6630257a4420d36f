import type { BillingStatus, PaymentMethod } from './business-payment.types.ts'

const billingStatuses: readonly string[] = ['trialing', 'needs_payment_method', 'manual', 'stripe']

/** Whether a string from the server is one of the billing statuses of SPEC §4. */
export function isBillingStatus(value: string): value is BillingStatus {
  return billingStatuses.includes(value)
}

/** The trial is running. */
export function isTrialing(method: PaymentMethod): boolean {
  return method === 'TRIALING'
}

/** The trial is over and no payment method was given (NEEDS_PAYMENT_METHOD). */
export function isTrialExpired(method: PaymentMethod): boolean {
  return method === 'NEEDS_PAYMENT_METHOD'
}

/** The business is locked (BLOCKED). */
export function isLocked(method: PaymentMethod): boolean {
  return method === 'BLOCKED'
}

/** The business is invoiced by hand (MANUAL). */
export function isManuallyInvoiced(method: PaymentMethod): boolean {
  return method === 'MANUAL'
}

/** SPEC §6: an expired trial or a locked business sends admins to the members page. */
export function needsPaymentAction(method: PaymentMethod): boolean {
  return isTrialExpired(method) || isLocked(method)
}
