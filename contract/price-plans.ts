import * as v from 'valibot'

/** Currencies prices are kept in (SPEC §9: en-gb pays in EUR, de-ch and fr-ch in CHF). */
export const currencies = ['EUR', 'CHF'] as const
export type Currency = (typeof currencies)[number]

/** How often a subscription is billed. */
export const billingCycles = ['monthly', 'yearly'] as const
export type BillingCycle = (typeof billingCycles)[number]

/** Plan tiers (SPEC §9 plan colours: individual, team, pro, scale), and the plans sold otherwise. */
export const planTiers = ['individual', 'team', 'pro', 'scale', 'enterprise', 'legacy', 'free'] as const
export type PlanTier = (typeof planTiers)[number]

const minorUnits = v.pipe(v.number(), v.integer(), v.minValue(0))

/**
 * An amount per currency, in minor units (cents, Rappen): money is never a floating-point number. Keyed by
 * the currency code in lower case, as keys are on the wire.
 */
const amountsSchema = v.object({ eur: minorUnits, chf: minorUnits })
export type Amounts = v.InferOutput<typeof amountsSchema>

/** The amount of `amounts` in `currency`, in minor units. */
export function amountIn(amounts: Amounts, currency: Currency): number {
  return currency === 'EUR' ? amounts.eur : amounts.chf
}

/** One plan of GET /v2/businesses/price_plans. */
export const pricePlanSchema = v.object({
  /** The plan's name (SPEC §4: `team`, an enterprise plan `ent…`, legacy `ent_v2`, `sme_v2`, `free_v1`). */
  id: v.string(),
  tier: v.picklist(planTiers),
  /** Whether an admin can choose it in the app; the others are agreed with sales or kept from before. */
  selfService: v.boolean(),
  minSeats: v.number(),
  maxSeats: v.nullable(v.number()),
  /** The price of one seat for a month (monthly) or a year (yearly), before VAT. */
  seatPrices: v.object({ monthly: amountsSchema, yearly: amountsSchema }),
  /** The price of one identification licence, per legislation, before VAT. */
  identPrices: v.object({ eidas: amountsSchema, zertes: amountsSchema }),
})
export type PricePlan = v.InferOutput<typeof pricePlanSchema>

export const pricePlansSchema = v.object({ plans: v.array(pricePlanSchema) })
