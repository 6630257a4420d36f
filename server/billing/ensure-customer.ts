import { and, eq, isNull } from 'drizzle-orm'
import { loadBillingBusiness } from '../businesses/payment-state.ts'
import { businesses } from '../db/schema/businesses.ts'
import type { ProviderCustomerDetails } from '../providers/billing/billing-provider.ts'
import { type BillingServices, requireProviders } from './billing-services.ts'

/** The business's billing details as the provider keeps them (and prints them on invoices). */
export function customerDetails(business: {
  id: string
  name: string
  email: string
  billing: {
    address1: string
    address2: string
    city: string
    postalCode: string
    country: string
    vat: string
  }
}): ProviderCustomerDetails {
  const { address1, address2, city, postalCode, country, vat } = business.billing
  return {
    businessId: business.id,
    name: business.name,
    email: business.email,
    address: { line1: address1, line2: address2, city, postalCode, country },
    vat,
  }
}

/**
 * The business's customer id at the card provider, created on first need. The idempotency key is the
 * business's, so two first calls at once make one customer, and the one that stores second keeps it.
 */
export async function ensureCustomer(services: Pick<BillingServices, 'db' | 'billing'>, businessId: string) {
  const { business } = await loadBillingBusiness(services.db, businessId)
  if (business.customerId !== null) return business.customerId
  const customerId = await requireProviders(services).cards.createCustomer(
    customerDetails(business),
    `customer:${businessId}`,
  )
  await services.db
    .update(businesses)
    .set({ customerId })
    .where(and(eq(businesses.id, businessId), isNull(businesses.customerId)))
  return customerId
}
