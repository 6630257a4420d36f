import { eq } from 'drizzle-orm'
import type { CustomExtras } from '../../contract/billing.ts'
import { amountIn } from '../../contract/price-plans.ts'
import { billingCurrency } from '../../machines/business-payment/billing-currency.ts'
import { loadBillingBusiness } from '../businesses/payment-state.ts'
import type { Database } from '../db/open-database.ts'
import { pricePlans } from '../db/schema/billing.ts'

/**
 * GET /v2/businesses/{id}/customextras: the identification licences of the business's plan, per
 * legislation, in its billing currency.
 */
export async function customExtras(db: Database, businessId: string): Promise<CustomExtras> {
  const { business, subscription } = await loadBillingBusiness(db, businessId)
  const currency = billingCurrency(business.currency, business.billing.country)
  const [plan] = subscription
    ? await db.select().from(pricePlans).where(eq(pricePlans.id, subscription.plan))
    : []
  if (plan === undefined) return { plan: null, currency, identifications: [] }
  return {
    plan: plan.id,
    currency,
    identifications: (['eidas', 'zertes'] as const).map((legislation) => ({
      legislation,
      price: amountIn(plan.identPrices[legislation], currency),
    })),
  }
}
