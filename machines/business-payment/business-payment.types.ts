/** How a business pays (SPEC §4): on trial, trial expired, locked, manual invoicing, or a card provider. */
export type PaymentMethod =
  | 'TRIALING'
  | 'NEEDS_PAYMENT_METHOD'
  | 'BLOCKED'
  | 'MANUAL'
  | 'STRIPE'
  | 'CHARGEBEE'

/** The business's billingStatus strings (SPEC §4). */
export type BillingStatus = 'trialing' | 'needs_payment_method' | 'manual' | 'stripe'

/** Status of a price-plan discount. */
export type DiscountStatus = 'ACTIVE' | 'USED_UP'

/** A discount on the price plan. */
export interface Discount {
  promoCode: string
  /** A type starting with `smg_` marks a special discount. */
  type: string
  expiresAt: string | null
  status: DiscountStatus
}

/** The base of the current or next plan; type CANCELED ends the subscription. */
export interface PlanBase {
  type: string
  startAt?: string | null
  endAt?: string | null
}

/** The business's price plan, as far as the payment rules read it. */
export interface PricePlan {
  name: string
  current?: { base?: PlanBase | null } | null
  next?: { base?: PlanBase | null } | null
  discounts?: Discount[]
  activePricePlanId?: string | null
  planStart?: string | null
}

/** What the subscription lifecycle reads from the business. */
export interface BusinessPaymentSnapshot {
  paymentMethod: PaymentMethod
  pricePlan: PricePlan
  /** The card provider's subscription status (e.g. `active`, `past_due`); null without one. */
  cardSubscriptionStatus: string | null
  /** The business was deleted and the deletion can still be revoked. */
  deletionPending: boolean
}

/** Stable error codes of the subscription lifecycle. */
export type BusinessPaymentError =
  | 'business.cancel_trial_failed'
  | 'business.cancel_subscription_failed'
  | 'business.reactivate_subscription_failed'
  | 'business.delete_failed'
  | 'business.revoke_delete_failed'

/** Options of the business payment machine. */
export interface BusinessPaymentInput {
  businessId: string
}

/** Input of every call actor the caller provides. */
export interface BusinessCallInput {
  businessId: string
}

/** Context of the business payment machine. */
export interface BusinessPaymentContext {
  businessId: string
  /**
   * The business the subscription region last settled on, with the outcome of its own calls applied;
   * null until the first `business.update`.
   */
  business: BusinessPaymentSnapshot | null
  error: BusinessPaymentError | null
}

/** Events of the business payment machine. */
export type BusinessPaymentEvent =
  /** The business was (re)loaded; both regions follow what it says. */
  | { type: 'business.update'; business: BusinessPaymentSnapshot }
  | { type: 'trial.cancel' }
  | { type: 'subscription.cancel' }
  /** Revokes a scheduled cancellation (reactivates the subscription), which clears the next plan. */
  | { type: 'subscription.reactivate' }
  | { type: 'business.delete' }
  | { type: 'deletion.revoke' }
