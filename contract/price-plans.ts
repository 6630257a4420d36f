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

/** POST .../subscriptions/upgrade/preview (SPEC §3 upgrade preview payload). */
export const upgradePreviewRequestSchema = v.object({
  plan: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  cycle: v.picklist(billingCycles),
  amountSeats: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  currency: v.picklist(currencies),
  promoCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
  referralCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
})

export type UpgradePreviewRequest = v.InferInput<typeof upgradePreviewRequestSchema>

/** One billing period of a preview: what is charged for it, in minor units. */
const previewPeriodSchema = v.object({
  startsAt: v.string(),
  endsAt: v.string(),
  /** Seats times the seat price. */
  subtotal: v.number(),
  discount: v.number(),
  /** In basis points: 810 is 8.1 %. */
  vatRate: v.number(),
  vat: v.number(),
  total: v.number(),
})

/**
 * What switching a running subscription to the previewed plan or cycle (PUT /v2/businesses/{id}/base)
 * charges now, in minor units: the credit for the old plan's unused time, the charge for the new one's
 * time to the end of the period it then runs (the current one, or a whole new one for another cycle), VAT
 * on the difference, and the price of the period after; `timestamp` is the proration time the switch must
 * quote.
 */
export const planSwitchSchema = v.object({
  credit: v.number(),
  charge: v.number(),
  /** `charge - credit`, never below 0: a larger credit is not paid out. */
  subtotal: v.number(),
  vatRate: v.number(),
  vat: v.number(),
  total: v.number(),
  /** The end of the period the new plan is charged for now; the next period starts then. */
  periodEnd: v.string(),
  /** The next period: its seats (fewer when a drop is scheduled) at the new plan's price, before discounts. */
  nextPeriod: v.object({ seats: v.number(), subtotal: v.number(), vat: v.number(), total: v.number() }),
  timestamp: v.string(),
})
export type PlanSwitch = v.InferOutput<typeof planSwitchSchema>

/** The answer of an upgrade preview: the plan's line, and the first and the following period. */
export const upgradePreviewSchema = v.object({
  plan: v.string(),
  cycle: v.picklist(billingCycles),
  currency: v.picklist(currencies),
  seats: v.number(),
  unitAmount: v.number(),
  /** How VAT applies by the billing country: Swiss VAT, reverse charge (EU business), or none (export). */
  vatTreatment: v.picklist(['swiss', 'reverseCharge', 'export']),
  /** The promotion code the discount comes from (the admin's, or the referral one); null without. */
  promoCode: v.nullable(v.string()),
  periods: v.array(previewPeriodSchema),
  /** For a business whose subscription runs and may switch plans: what the switch costs; else null. */
  planSwitch: v.nullable(planSwitchSchema),
})
export type UpgradePreview = v.InferOutput<typeof upgradePreviewSchema>

/** The business's subscription as the provider last reported it. */
export const subscriptionSchema = v.object({
  plan: v.string(),
  cycle: v.picklist(billingCycles),
  currency: v.picklist(currencies),
  seats: v.number(),
  /** The provider's status (`active`, `past_due`, `canceled`, ...). */
  status: v.string(),
  currentPeriodStart: v.string(),
  currentPeriodEnd: v.string(),
  cancelAtPeriodEnd: v.boolean(),
  /** Seats billed from the next period on, when fewer were asked for (the paid ones stay until then). */
  seatsAtPeriodEnd: v.nullable(v.number()),
  promoCode: v.nullable(v.string()),
})
export type Subscription = v.InferOutput<typeof subscriptionSchema>
