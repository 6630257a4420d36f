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
type DiscountStatus = 'ACTIVE' | 'USED_UP'

/** A discount on the price plan. */
export interface Discount {
  promoCode: string
  /** A type starting with `smg_` marks a special discount. */
  type: string
  expiresAt: string | null
  status: DiscountStatus
}

/** The base of the current or next plan; type CANCELED ends the subscription. */
interface PlanBase {
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
  | 'business.upgrade_failed'
  | 'business.seats_change_failed'
  | 'business.plan_change_failed'
  | 'business.free_downgrade_failed'
  /** The server's own reason, e.g. `billing.card_declined`. */
  | `billing.${string}`

/** Options of the business payment machine. */
export interface BusinessPaymentInput {
  businessId: string
}

/** Input of every call actor the caller provides. */
export interface BusinessCallInput {
  businessId: string
}

/** What an admin subscribes to (SPEC §3 upgrade preview payload), paid with the payment method they gave. */
export interface UpgradeOrder {
  plan: string
  cycle: 'monthly' | 'yearly'
  seats: number
  currency: 'EUR' | 'CHF'
  promoCode?: string
  referralCode?: string
  /** The provider's setup that confirmed the payment method to charge. */
  setupIntentId: string
}

/** Input of the `upgrade` actor, which answers the business as it is once subscribed. */
export interface UpgradeInput {
  businessId: string
  order: UpgradeOrder
}

/** A change of seats, with the time of the preview the admin agreed to. */
export interface SeatsChange {
  seats: number
  previewedAt: string
}

/** Input of the `changeSeats` actor. */
export interface SeatsChangeInput {
  businessId: string
  change: SeatsChange
}

/** Another plan or cycle for a running subscription, with the time of the price the admin agreed to. */
interface PlanChange {
  plan: string
  cycle: 'monthly' | 'yearly'
  previewedAt: string
}

/** Input of the `changePlan` actor. */
export interface PlanChangeInput {
  businessId: string
  change: PlanChange
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
  /** Subscribes to a plan: from a trial, an expired trial, or an ended subscription. */
  | { type: 'subscription.upgrade'; order: UpgradeOrder }
  | { type: 'seats.change'; change: SeatsChange }
  /** Another plan or cycle for the running subscription (SPEC PUT .../base). */
  | { type: 'plan.change'; change: PlanChange }
  | { type: 'subscription.cancel' }
  /** Revokes a scheduled cancellation (reactivates the subscription), which clears the next plan. */
  | { type: 'subscription.reactivate' }
  | { type: 'business.delete' }
  | { type: 'deletion.revoke' }
  /**
   * SPEC §2 free plan downgrade: a business whose trial ran out or whose subscription ended closes, its
   * people moving to the new free plan, instead of paying.
   */
  | { type: 'plan.downgradeToFree' }
