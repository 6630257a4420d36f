import { acceptsPaymentEvent } from '../../machines/business-payment/accepts-payment-event.ts'
import type { BusinessPaymentEvent } from '../../machines/business-payment/business-payment.types.ts'
import { ApiError } from '../http/api-error.ts'
import { type BillingBusiness, paymentSnapshot } from './payment-state.ts'

/**
 * Refuses with 409 `business.transition_refused`, naming the business's state, an event that the payment
 * machine (SPEC §4 Business payment) does not take from the stored business: the server allows exactly
 * what the app's chart does.
 */
export function requirePaymentEvent(billing: BillingBusiness, now: Date, event: BusinessPaymentEvent): void {
  const decision = acceptsPaymentEvent(paymentSnapshot(billing, now), event)
  if (!decision.ok) {
    throw new ApiError(
      409,
      'business.transition_refused',
      `The business (${decision.state}) cannot take ${event.type}`,
    )
  }
}
