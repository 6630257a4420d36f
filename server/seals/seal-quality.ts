import { eq } from 'drizzle-orm'
import type { SealQuality } from '../../contract/seals.ts'
import type { Database } from '../db/open-database.ts'
import { businessSubscriptions, pricePlans } from '../db/schema/billing.ts'

/** Plan tiers whose businesses get qualified seals. */
const qualifiedTiers = new Set(['pro', 'scale', 'enterprise'])

/** Subscription states in which a plan counts: not ended. */
const endedStatuses = new Set(['canceled', 'incomplete_expired'])

/**
 * The quality a business's seal certificates are issued at: advanced always; qualified while the business
 * has a subscription, not ended, to a plan of the pro, scale or enterprise tier. A trial gets advanced seals.
 * Decided when a certificate is issued (the seal is created or its label changes).
 */
export async function entitledSealQuality(
  db: Pick<Database, 'select'>,
  businessId: string,
): Promise<SealQuality> {
  const [plan] = await db
    .select({ tier: pricePlans.tier, status: businessSubscriptions.status })
    .from(businessSubscriptions)
    .innerJoin(pricePlans, eq(pricePlans.id, businessSubscriptions.plan))
    .where(eq(businessSubscriptions.businessId, businessId))
  return plan !== undefined && qualifiedTiers.has(plan.tier) && !endedStatuses.has(plan.status)
    ? 'qes'
    : 'aes'
}
