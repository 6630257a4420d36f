import { getInitialSnapshot, transition } from 'xstate'
import { businessPaymentMachine } from './business-payment.machine.ts'
import type { BusinessPaymentEvent, BusinessPaymentSnapshot } from './business-payment.types.ts'

/** Whether the payment machine takes an event from a stored business, and the state it was in. */
export type PaymentEventDecision = { ok: boolean; state: string }

/**
 * Settles the payment machine on a stored business (as `business.update` does in the app) and asks
 * whether it takes `event` from there, as a pure transition: the server calls this before it writes, so
 * it accepts exactly what the app's machine does. `state` names both regions, e.g.
 * `subscription.trialing, deletion.none`.
 */
export function acceptsPaymentEvent(
  business: BusinessPaymentSnapshot,
  event: BusinessPaymentEvent,
): PaymentEventDecision {
  const initial = getInitialSnapshot(businessPaymentMachine, { businessId: '' })
  const [settled] = transition(businessPaymentMachine, initial, { type: 'business.update', business })
  const value = settled.value as Record<string, string>
  const state = Object.entries(value)
    .map(([region, name]) => `${region}.${name}`)
    .join(', ')
  return { ok: settled.can(event), state }
}
