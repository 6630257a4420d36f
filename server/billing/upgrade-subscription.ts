import { eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { SetupIntent, upgradeRequestSchema } from '../../contract/billing.ts'
import { vatTreatment } from '../../machines/business-payment/vat.ts'
import { loadBillingBusiness } from '../businesses/payment-state.ts'
import { requirePaymentEvent } from '../businesses/require-payment-event.ts'
import { businesses } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'
import { PaymentDeclinedError, type ProviderPaymentMethod } from '../providers/billing/billing-provider.ts'
import { applySubscription } from './apply-subscription.ts'
import { type BillingServices, requireProviders } from './billing-services.ts'
import { ensureCustomer } from './ensure-customer.ts'
import { priceUpgrade } from './preview-upgrade.ts'

/**
 * A business in the EU is invoiced without VAT (reverse charge), which its invoices must justify with its
 * VAT number: subscribing without one is refused (422 `billing.vat_required`, field `billing.vat`).
 */
export function requireVatNumber(billing: { country: string; vat: string }): void {
  if (vatTreatment(billing.country) === 'reverseCharge' && billing.vat.trim() === '') {
    throw new ApiError(
      422,
      'billing.vat_required',
      'billing.vat: a business in the EU gives its VAT number',
      {
        field: 'billing.vat',
      },
    )
  }
}

/** 402 `billing.card_declined`, with the provider's reason: nothing changed. */
export function cardDeclined(error: PaymentDeclinedError): ApiError {
  return new ApiError(
    402,
    'billing.card_declined',
    `The payment method was declined (${error.declineCode})`,
    {
      cause: error,
    },
  )
}

/**
 * POST .../subscriptions/stripe_setup_intent: a setup intent for the business's customer (made on first
 * need), with which the browser hands a card or SEPA mandate to the provider, never to us.
 */
export async function createSetupIntent(services: BillingServices, businessId: string): Promise<SetupIntent> {
  const { cards } = requireProviders(services)
  const customerId = await ensureCustomer(services, businessId)
  const intent = await cards.createSetupIntent(customerId, `setup:${businessId}:${crypto.randomUUID()}`)
  return { ...intent, publishableKey: cards.publishableKey }
}

/** The payment method a setup intent of the business confirmed; 422 when there is none. */
export async function confirmedPaymentMethod(
  services: BillingServices,
  customerId: string | null,
  setupIntentId: string,
): Promise<ProviderPaymentMethod> {
  const method =
    customerId && (await requireProviders(services).cards.setupIntentPaymentMethod(setupIntentId, customerId))
  if (!method) {
    throw new ApiError(
      422,
      'billing.payment_method_missing',
      'setup_intent_id: no confirmed payment method',
      {
        field: 'setup_intent_id',
      },
    )
  }
  return method
}

/**
 * PUT .../subscriptions/upgrade: subscribes the business to the previewed plan, paid with the payment
 * method its setup intent confirmed, the first period charged at once, or, during the trial, when the trial
 * ends (the rest of the trial stays free; the provider charges then). The payment machine decides
 * whether the business may subscribe now (409 naming its state); a declined payment is a 402 and leaves
 * the business as it was. Retried with the same setup intent and order, it subscribes once.
 */
export async function upgradeSubscription(
  services: BillingServices,
  businessId: string,
  input: v.InferOutput<typeof upgradeRequestSchema>,
): Promise<void> {
  const { cards, subscriptions } = requireProviders(services)
  const now = services.now()
  const { setupIntentId, ...order } = input
  const billing = await loadBillingBusiness(services.db, businessId)
  const event = {
    type: 'subscription.upgrade',
    order: { ...order, seats: order.amountSeats, setupIntentId },
  } as const
  requirePaymentEvent(billing, now, event)
  const { promotion, referrerId, trialEnd } = await priceUpgrade(services, businessId, order, now)
  requireVatNumber(billing.business.billing)
  const customerId = billing.business.customerId
  const method = await confirmedPaymentMethod(services, customerId, setupIntentId)
  // A declined card's answer is kept under its key by Stripe: another card is another attempt.
  const key = `upgrade:${businessId}:${method.id}:${order.plan}:${order.cycle}:${order.amountSeats}`
  const subscription = await subscriptions
    .createSubscription(
      {
        customerId: customerId as string,
        paymentMethodId: method.id,
        price: { plan: order.plan, cycle: order.cycle, currency: order.currency },
        seats: order.amountSeats,
        promoCode: promotion?.code ?? null,
        trialEnd,
      },
      key,
    )
    .catch((error: unknown) => {
      throw error instanceof PaymentDeclinedError ? cardDeclined(error) : error
    })
  await cards.setDefaultPaymentMethod(customerId as string, method.id, `default:${setupIntentId}`)
  await services.db.transaction(async (tx) => {
    const locked = await loadBillingBusiness(tx, businessId, true)
    await applySubscription(services, tx, locked, subscription)
    // The first payment fixes the billing currency; a referral is kept with it.
    await tx
      .update(businesses)
      .set({ currency: order.currency, ...(referrerId === null ? {} : { referredBy: referrerId }) })
      .where(eq(businesses.id, businessId))
  })
  services.jobs.wake()
}
