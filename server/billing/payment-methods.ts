import type { BillingInformation, PaymentMethods } from '../../contract/billing.ts'
import { billingCurrency } from '../../machines/business-payment/billing-currency.ts'
import { currentPaymentMethod, loadBillingBusiness } from '../businesses/payment-state.ts'
import type { Database } from '../db/open-database.ts'
import { type BillingServices, requireProviders } from './billing-services.ts'
import { confirmedPaymentMethod } from './upgrade-subscription.ts'

/** GET /v1/businesses/{id}/billing/payment: the business's cards and SEPA debits, the default marked. */
export async function listPaymentMethods(
  services: BillingServices,
  businessId: string,
  defaultId: string | null = null,
): Promise<PaymentMethods> {
  const { cards } = requireProviders(services)
  const { business } = await loadBillingBusiness(services.db, businessId)
  if (business.customerId === null) return { cards: [], sepaDebits: [] }
  const methods = await cards.listPaymentMethods(business.customerId)
  const isDefault = defaultId ?? (await cards.defaultPaymentMethod(business.customerId))
  const view = methods.map(({ kind, ...method }) => ({ ...method, kind, isDefault: method.id === isDefault }))
  return {
    cards: view.filter((m) => m.kind === 'card').map(({ kind: _, ...m }) => m),
    sepaDebits: view.filter((m) => m.kind === 'sepa_debit').map(({ kind: _, ...m }) => m),
  }
}

/**
 * POST /v1/businesses/{id}/billing/setup-intent/{intentId}: renewals are charged to the payment method the setup intent
 * confirmed from now on; an unpaid renewal is charged to it at once, which ends a payment issue.
 */
export async function replacePaymentMethod(
  services: BillingServices,
  businessId: string,
  setupIntentId: string,
): Promise<PaymentMethods> {
  const { cards } = requireProviders(services)
  const { business } = await loadBillingBusiness(services.db, businessId)
  const method = await confirmedPaymentMethod(services, business.customerId, setupIntentId)
  await cards.setDefaultPaymentMethod(business.customerId as string, method.id, `default:${setupIntentId}`)
  services.jobs.wake()
  return listPaymentMethods(services, businessId, method.id)
}

/** GET /v1/businesses/{id}/billing/information: SPEC §3 Business billing, as invoices carry it. */
export async function billingInformation(
  db: Database,
  now: Date,
  businessId: string,
): Promise<BillingInformation> {
  const { business, subscription } = await loadBillingBusiness(db, businessId)
  return {
    billing: {
      ...business.billing,
      currency: billingCurrency(business.currency, business.billing.country),
      paymentMethod: currentPaymentMethod(business, now),
      stripeSubscriptionStatus: subscription?.status ?? null,
    },
  }
}
