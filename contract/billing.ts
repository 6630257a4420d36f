import * as v from 'valibot'
import { billingAddressSchema, createBusinessSchema } from './businesses.ts'
import {
  billingCycles,
  currencies,
  planSwitchSchema,
  subscriptionSchema,
  upgradePreviewRequestSchema,
} from './price-plans.ts'

const id = (businessId: string) => encodeURIComponent(businessId)
const v1 = (businessId: string) => `/v1/businesses/${id(businessId)}`
const v2 = (businessId: string) => `/v2/businesses/${id(businessId)}`

/**
 * The billing calls of SPEC §7 (Payments, Legacy billing, the billing calls of Businesses). The provider
 * segments `{card-provider}` and `{subscription-provider}` are both `stripe`.
 */
export const billingPaths = {
  pricePlans: () => '/v2/businesses/price_plans',
  upgradePreview: (businessId: string) => `${v2(businessId)}/subscriptions/upgrade/preview`,
  setupIntent: (businessId: string) => `${v2(businessId)}/subscriptions/stripe_setup_intent`,
  upgrade: (businessId: string) => `${v2(businessId)}/subscriptions/upgrade`,
  validatePromo: (businessId: string) => `${v2(businessId)}/subscriptions/coupons/validate_promo`,
  referralCode: (businessId: string) => `${v2(businessId)}/subscriptions/coupons/referral_code`,
  usage: (businessId: string) => `${v2(businessId)}/subscriptions/usage`,
  seatsPreview: (businessId: string) => `${v2(businessId)}/subscriptions/seats/preview`,
  seats: (businessId: string) => `${v2(businessId)}/subscriptions/seats`,
  portalSession: (businessId: string) => `${v2(businessId)}/stripe/portal_session`,
  chargebeePortalSession: (businessId: string) => `${v2(businessId)}/chargebee/portal_session`,
  cardSession: (businessId: string) => `${v2(businessId)}/stripe/cpsession`,
  cancelTrial: (businessId: string) => `${v1(businessId)}/cancel-trial`,
  cancelSubscription: (businessId: string) => `${v1(businessId)}/cancel-subscription`,
  reactivateSubscription: (businessId: string) => `${v1(businessId)}/reactivate-subscription`,
  payment: (businessId: string) => `${v1(businessId)}/billing/payment`,
  information: (businessId: string) => `${v1(businessId)}/billing/information`,
  /** Legacy billing: a setup intent for a new payment method, and making its method the one charged. */
  legacySetupIntent: (businessId: string) => `${v1(businessId)}/billing/setup-intent`,
  legacySetupIntentConfirm: (businessId: string, intentId: string) =>
    `${v1(businessId)}/billing/setup-intent/${encodeURIComponent(intentId)}`,
  customExtras: (businessId: string) => `${v2(businessId)}/customextras`,
  base: (businessId: string) => `${v2(businessId)}/base`,
  invoices: (businessId: string) => `${v2(businessId)}/invoices`,
  invoicePdf: (businessId: string, invoiceId: string) =>
    `${v2(businessId)}/invoices/${encodeURIComponent(invoiceId)}/pdf`,
  /** A user without a business buys a plan and opens the business with it (SPEC direct upgrade). */
  directPreview: () => '/v2/businesses/direct_upgrade/preview',
  directSetupIntent: () => '/v2/businesses/direct_upgrade/stripe_setup_intent',
  directConfirm: () => '/v2/businesses/direct_upgrade/confirm',
  /** SPEC §2 fair-flat migration: the per-seat plan replacing a legacy flat plan, priced (then PUT .../base). */
  fairFlatMigrationPreview: (businessId: string) => `${v2(businessId)}/fair_flat_migration/preview`,
  /** SPEC §2 free plan downgrade: a business that does not pay closes, its people on the new free plan. */
  freePlanDowngrade: (businessId: string) => `${v2(businessId)}/free_plan_downgrade`,
  /** SPEC §2 free migration: a user on the legacy free plan moves to the new free plan. */
  freeMigration: () => '/v1/user/free_migration',
  /** Stripe's webhooks (issue 14), verified by signature. */
  stripeWebhook: () => '/webhooks/stripe',
  /** Outside production: what Stripe.js does with a card, done by the sandbox provider. */
  sandboxConfirm: () => '/sandbox/billing/confirm',
} as const

/** Days an unpaid renewal may stay unpaid before the business is blocked (SPEC §4 BLOCKED). */
export const paymentGraceDays = 14

/** POST .../subscriptions/stripe_setup_intent: the billing country decides the payment methods offered. */
export const setupIntentRequestSchema = v.object({
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'an ISO 3166 country code')),
})

/** What the browser needs to collect a card or a SEPA mandate. */
export const setupIntentSchema = v.object({
  id: v.string(),
  clientSecret: v.string(),
  /** Stripe's publishable key for Elements; null on the sandbox, which has its own card form. */
  publishableKey: v.nullable(v.string()),
})
export type SetupIntent = v.InferOutput<typeof setupIntentSchema>

/** PUT .../subscriptions/upgrade: the previewed order and the setup intent the payment method came with. */
export const upgradeRequestSchema = v.object({
  ...upgradePreviewRequestSchema.entries,
  setupIntentId: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
})
export type UpgradeRequest = v.InferInput<typeof upgradeRequestSchema>

/**
 * POST /v2/businesses/direct_upgrade/preview: the order, priced with VAT by the country it is billed to:
 * `country`, else the billing address of the business the upgrade opens (as the confirm call names it).
 */
export const directPreviewRequestSchema = v.object({
  ...upgradePreviewRequestSchema.entries,
  country: v.optional(setupIntentRequestSchema.entries.country),
  business: v.optional(v.object({ billing: v.pick(billingAddressSchema, ['country']) })),
})

/** POST /v2/businesses/direct_upgrade/confirm: the business to open, the order and its confirmed payment. */
export const directConfirmSchema = v.object({
  ...upgradeRequestSchema.entries,
  business: createBusinessSchema,
})
export type DirectConfirm = v.InferInput<typeof directConfirmSchema>

/** POST .../coupons/validate_promo (SPEC §7: promoCode, plan, cycle, type). */
export const validatePromoRequestSchema = v.object({
  promoCode: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60)),
  plan: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  cycle: v.picklist(billingCycles),
  type: v.optional(v.string()),
})

/** A promo code that applies: what it takes off, and for how long. */
export const promotionSchema = v.object({
  promoCode: v.string(),
  percentOff: v.nullable(v.number()),
  amountOff: v.nullable(v.object({ currency: v.picklist(currencies), amount: v.number() })),
  duration: v.picklist(['once', 'repeating', 'forever']),
  durationInMonths: v.nullable(v.number()),
})
export type Promotion = v.InferOutput<typeof promotionSchema>

export const referralCodeSchema = v.object({ referralCode: v.string() })

/** GET .../subscriptions/usage: seats paid and in use, and the next invoice's date. */
export const usageSchema = v.object({
  subscription: v.nullable(subscriptionSchema),
  /** Admins, members and open invitations: everyone who takes a seat. */
  seatsInUse: v.number(),
})
export type Usage = v.InferOutput<typeof usageSchema>

/** POST .../subscriptions/seats/preview. */
export const seatsPreviewRequestSchema = v.object({
  seats: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
})

/** What a change of seats costs now, and the preview's time that the change must quote. */
export const seatsPreviewSchema = v.object({
  seats: v.number(),
  currentSeats: v.number(),
  currency: v.picklist(currencies),
  /** Charged at once for added seats, prorated to the period's end, before VAT; 0 for fewer seats. */
  amountDue: v.number(),
  vat: v.number(),
  total: v.number(),
  /** What the seats cost each period from the next one on, before VAT. */
  nextPeriodAmount: v.number(),
  currentPeriodEnd: v.string(),
  /**
   * When `seats` takes effect: now for more seats, or for as many as paid (which takes a scheduled drop
   * back); the period's end for fewer, the paid seats staying until then.
   */
  effectiveAt: v.string(),
  /** A drop of seats already scheduled for the period's end, before this change; null without. */
  seatsAtPeriodEnd: v.nullable(v.number()),
  timestamp: v.string(),
})
export type SeatsPreview = v.InferOutput<typeof seatsPreviewSchema>

/** PUT .../subscriptions/seats (SPEC §7: seats, timestamp of the preview). */
export const seatsChangeRequestSchema = v.object({
  seats: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)),
  timestamp: v.pipe(v.string(), v.isoTimestamp()),
})

/** PUT /v2/businesses/{id}/base: another plan or cycle, at the time of the preview the admin agreed to. */
export const basePlanSchema = v.object({
  plan: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  cycle: v.picklist(billingCycles),
  timestamp: v.pipe(v.string(), v.isoTimestamp()),
})

const paymentMethodSchema = v.object({
  id: v.string(),
  brand: v.string(),
  last4: v.string(),
  expMonth: v.nullable(v.number()),
  expYear: v.nullable(v.number()),
  /** Renewals are charged to it. */
  isDefault: v.boolean(),
})

/** GET /v1/businesses/{id}/billing/payment (SPEC §7: cards and sepaDebits). */
export const paymentMethodsSchema = v.object({
  cards: v.array(paymentMethodSchema),
  sepaDebits: v.array(paymentMethodSchema),
})
export type PaymentMethods = v.InferOutput<typeof paymentMethodsSchema>

/** GET /v1/businesses/{id}/billing/information: the address invoices carry and how the business pays. */
export const billingInformationSchema = v.object({
  billing: v.object({
    address1: v.string(),
    address2: v.string(),
    city: v.string(),
    postalCode: v.string(),
    country: v.string(),
    vat: v.string(),
    currency: v.picklist(currencies),
    paymentMethod: v.string(),
    stripeSubscriptionStatus: v.nullable(v.string()),
  }),
})
export type BillingInformation = v.InferOutput<typeof billingInformationSchema>

export const invoiceSchema = v.object({
  id: v.string(),
  number: v.string(),
  status: v.picklist(['draft', 'open', 'paid', 'void', 'uncollectible']),
  currency: v.picklist(currencies),
  subtotal: v.number(),
  discount: v.number(),
  tax: v.number(),
  total: v.number(),
  createdAt: v.string(),
  periodStart: v.string(),
  periodEnd: v.string(),
})
export type Invoice = v.InferOutput<typeof invoiceSchema>

export const invoicesSchema = v.object({ invoices: v.array(invoiceSchema) })

/** POST /api/sandbox/billing/confirm: the sandbox card form's card or SEPA debit for a setup intent. */
export const sandboxConfirmSchema = v.object({
  clientSecret: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  card: v.optional(
    v.object({
      number: v.pipe(v.string(), v.maxLength(30)),
      expMonth: v.pipe(v.number(), v.integer()),
      expYear: v.pipe(v.number(), v.integer()),
      cvc: v.pipe(v.string(), v.maxLength(4)),
    }),
  ),
  sepaDebit: v.optional(
    v.object({ iban: v.pipe(v.string(), v.maxLength(40)), name: v.pipe(v.string(), v.maxLength(200)) }),
  ),
})

/**
 * GET /v2/businesses/{id}/customextras: what the business's plan charges beyond its seats, in its
 * currency, before VAT: an identification licence per legislation. No plan yet: `plan` is null.
 */
export const customExtrasSchema = v.object({
  plan: v.nullable(v.string()),
  currency: v.picklist(currencies),
  identifications: v.array(v.object({ legislation: v.picklist(['eidas', 'zertes']), price: v.number() })),
})
export type CustomExtras = v.InferOutput<typeof customExtrasSchema>

/**
 * POST .../fair_flat_migration/preview: what a business on a legacy flat plan (ent_v2, sme_v2) pays each
 * period now and on the per-seat plan that replaces it, for its seats, and what moving now costs (the
 * credit for the legacy plan's unused time against the new plan's, as a plan switch). The admin accepts
 * with PUT /v2/businesses/{id}/base quoting `toPlan`, `cycle` and `planSwitch.timestamp`.
 */
export const fairFlatMigrationSchema = v.object({
  fromPlan: v.string(),
  toPlan: v.string(),
  cycle: v.picklist(billingCycles),
  currency: v.picklist(currencies),
  seats: v.number(),
  /** Each period before VAT: the legacy plan now, the new plan after. */
  currentPeriodAmount: v.number(),
  newPeriodAmount: v.number(),
  planSwitch: planSwitchSchema,
})
export type FairFlatMigration = v.InferOutput<typeof fairFlatMigrationSchema>
