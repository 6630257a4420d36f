import { asc, eq } from 'drizzle-orm'
import type { Business } from '../../contract/businesses.ts'
import { billingCurrency } from '../../machines/business-payment/billing-currency.ts'
import { needsPaymentAction } from '../../machines/business-payment/payment-method.ts'
import type { Database } from '../db/open-database.ts'
import { businessDomains, businessMembers } from '../db/schema/businesses.ts'
import { ApiError } from '../http/api-error.ts'
import { loadSupportContact } from './business-settings.ts'
import {
  billingStatus,
  businessPricePlan,
  currentPaymentMethod,
  loadBillingBusiness,
  subscriptionView,
} from './payment-state.ts'
import { requireBusinessRole } from './require-business-role.ts'

/**
 * GET /v1/businesses/{id}: SPEC §3 Business for the caller. A member sees the name, branding, support
 * contact, guidance switch and plan; an admin sees all of it.
 */
export async function getBusiness(
  db: Database,
  now: Date,
  userId: string,
  businessId: string,
): Promise<Business> {
  const role = await requireBusinessRole(db, userId, businessId, 'member')
  const billing = await loadBillingBusiness(db, businessId)
  const row = billing.business
  const paymentMethod = currentPaymentMethod(row, now)
  const pricePlan = businessPricePlan(billing)
  const base = {
    id: row.id,
    name: row.name,
    role,
    locked: needsPaymentAction(paymentMethod),
    supportContact: loadSupportContact(row),
    companyBranding: row.settings.companyBranding,
    userPilot: row.settings.userPilot,
    activePricePlanId: pricePlan.activePricePlanId,
    planStart: pricePlan.planStart,
    billingCurrency: billingCurrency(row.currency, row.billing.country),
  }
  if (role !== 'admin') return { ...base, admin: null }
  const domains = await db
    .select({ domain: businessDomains.domain })
    .from(businessDomains)
    .where(eq(businessDomains.businessId, businessId))
    .orderBy(asc(businessDomains.domain))
  return {
    ...base,
    admin: {
      email: row.email,
      phone: row.phone,
      createdAt: row.createdAt.toISOString(),
      billing: row.billing,
      currency: row.currency,
      paymentMethod,
      billingStatus: billingStatus(paymentMethod),
      trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
      deletionScheduledAt: row.deletionScheduledAt?.toISOString() ?? null,
      domains: domains.map((d) => d.domain),
      pricePlan,
      subscription: billing.subscription && subscriptionView(billing.subscription),
      paymentIssueSince: row.paymentIssueSince?.toISOString() ?? null,
    },
  }
}

/** GET /v2/businesses/user: the caller's business, 404 `business.not_found` when they belong to none. */
export async function getUserBusiness(db: Database, now: Date, userId: string): Promise<Business> {
  const [membership] = await db
    .select({ businessId: businessMembers.businessId })
    .from(businessMembers)
    .where(eq(businessMembers.userId, userId))
  if (membership === undefined)
    throw new ApiError(404, 'business.not_found', 'You do not belong to a business')
  return getBusiness(db, now, userId, membership.businessId)
}
