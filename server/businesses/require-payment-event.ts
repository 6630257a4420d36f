import type { InferSelectModel } from 'drizzle-orm'
import { acceptsPaymentEvent } from '../../machines/business-payment/accepts-payment-event.ts'
import type { BusinessPaymentEvent } from '../../machines/business-payment/business-payment.types.ts'
import type { businesses } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { currentPaymentMethod } from './payment-state.ts'

/**
 * Refuses with 409 `business.transition_refused`, naming the business's state, an event that the payment
 * machine (SPEC §4 Business payment) does not take from the stored business: the server allows exactly
 * what the app's chart does.
 */
export function requirePaymentEvent(
  row: InferSelectModel<typeof businesses>,
  now: Date,
  event: BusinessPaymentEvent,
): void {
  const decision = acceptsPaymentEvent(
    {
      paymentMethod: currentPaymentMethod(row, now),
      // Plans and card subscriptions come with billing; until then a business has neither.
      pricePlan: { name: 'trial' },
      cardSubscriptionStatus: null,
      deletionPending: row.deletionScheduledAt !== null,
    },
    event,
  )
  if (!decision.ok) {
    throw new ApiError(
      409,
      'business.transition_refused',
      `The business (${decision.state}) cannot take ${event.type}`,
    )
  }
}
