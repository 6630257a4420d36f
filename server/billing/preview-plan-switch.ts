import { eq } from 'drizzle-orm'
import { amountIn, type BillingCycle, type PlanSwitch } from '../../contract/price-plans.ts'
import { acceptsPaymentEvent } from '../../machines/business-payment/accepts-payment-event.ts'
import { vatBasisPoints, vatOn, vatTreatment } from '../../machines/business-payment/vat.ts'
import { loadBillingBusiness, paymentSnapshot } from '../businesses/payment-state.ts'
import { pricePlans } from '../db/schema/billing.ts'
import { periodEnd } from '../providers/billing/pricing.ts'
import { type BillingServices, requireProviders } from './billing-services.ts'

/**
 * What switching the business's running subscription to `plan` paid `cycle` costs now, itemised (the
 * preview of PUT /v2/businesses/{id}/base): the provider's proration at `now`, which the switch then quotes
 * as its timestamp, VAT by the billing country, and the next period's price. Null when the payment machine
 * does not take a plan change from the business's state, or the plan is not one a subscription can move
 * to (the preview of a new subscription still answers).
 */
export async function previewPlanSwitch(
  services: Pick<BillingServices, 'db' | 'billing'>,
  businessId: string,
  input: { plan: string; cycle: BillingCycle },
  now: Date,
): Promise<PlanSwitch | null> {
  const billing = await loadBillingBusiness(services.db, businessId)
  const current = billing.subscription
  const event = {
    type: 'plan.change',
    change: { plan: input.plan, cycle: input.cycle, previewedAt: now.toISOString() },
  } as const
  if (current === null || !acceptsPaymentEvent(paymentSnapshot(billing, now), event).ok) return null
  if (current.plan === input.plan && current.cycle === input.cycle) return null
  const [plan] = await services.db.select().from(pricePlans).where(eq(pricePlans.id, input.plan))
  if (plan === undefined || !plan.selfService) return null
  const price = { plan: plan.id, cycle: input.cycle, currency: current.currency }
  const change = await requireProviders(services).subscriptions.previewPrice(
    current.subscriptionId,
    price,
    now,
  )
  const vatRate = vatBasisPoints(vatTreatment(billing.business.billing.country))
  const vat = vatOn(change.amountDue, vatRate)
  // The same cycle keeps the period; another one starts a new period now.
  const end = input.cycle === current.cycle ? current.currentPeriodEnd : periodEnd(now, input.cycle)
  const seats = current.seatsAtPeriodEnd ?? current.seats
  const next = amountIn(plan.seatPrices[input.cycle], current.currency) * seats
  const nextVat = vatOn(next, vatRate)
  return {
    credit: change.credit,
    charge: change.charge,
    subtotal: change.amountDue,
    vatRate,
    vat,
    total: change.amountDue + vat,
    periodEnd: end.toISOString(),
    nextPeriod: { seats, subtotal: next, vat: nextVat, total: next + nextVat },
    timestamp: now.toISOString(),
  }
}
