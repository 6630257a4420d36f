import { asc } from 'drizzle-orm'
import type { PricePlan } from '../../contract/price-plans.ts'
import type { Database } from '../db/open-database.ts'
import { pricePlans } from '../db/schema/billing.ts'

/** GET /v2/businesses/price_plans: every plan, cheaper first, the ones sold otherwise included. */
export async function listPricePlans(db: Pick<Database, 'select'>): Promise<PricePlan[]> {
  const rows = await db.select().from(pricePlans).orderBy(asc(pricePlans.position))
  return rows.map(({ position: _, ...plan }) => plan)
}
