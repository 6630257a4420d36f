import type { CreateBusiness } from '../../contract/businesses.ts'
import type {
  BillingCycle,
  Currency,
  UpgradePreview,
  UpgradePreviewRequest,
} from '../../contract/price-plans.ts'

/**
 * Who checks out: a business buying its first plan (`upgrade`), a running subscription switching plan or
 * cycle (`switch`), or a user without a business buying one with it (`direct`, which needs the company).
 */
type CheckoutMode = 'upgrade' | 'switch' | 'direct'

/** Options of the plan checkout machine. */
export interface PlanCheckoutInput {
  mode: CheckoutMode
  /** @default the cycle the plans are first shown in */
  cycle: BillingCycle
  /** The currency prices are shown and charged in until the buyer picks another. */
  currency: Currency
  /** Seats to price: the business's seats in use, the subscription's, or 1 for a buyer alone. */
  seats: number
}

/** Context of the plan checkout machine. */
export interface PlanCheckoutContext extends PlanCheckoutInput {
  /** The chosen plan's id; null until one is chosen. */
  plan: string | null
  /** The chosen plan's least seats: a smaller team buys that many. */
  minSeats: number
  /** The buyer picked the currency: the language's no longer applies. */
  currencyPicked: boolean
  /** A promo code, or a referral code (`REF-…`); empty without. */
  code: string
  /** Why the last code was refused (an error code); the order is priced without it. */
  codeError: string | null
  /** The company a `direct` buyer opens with the plan. */
  company: CreateBusiness | null
  /** The chosen order as the server priced it. */
  preview: UpgradePreview | null
  /** Why pricing or ordering failed (an error code, the server's when it gave one). */
  error: string | null
}

/** Input of the `preview` actor: the order to price, and the company it is for (`direct`). */
export interface CheckoutPreviewInput {
  order: UpgradePreviewRequest
  company: CreateBusiness | null
}

/** Input of the `order` actor, which subscribes, switches, or opens the business with its plan. */
export interface CheckoutOrderInput {
  order: UpgradePreviewRequest
  company: CreateBusiness | null
  /** The provider's setup that confirmed the payment method; null for a switch, charged to the one on file. */
  setupIntentId: string | null
  /** The time of the price the buyer agreed to (a switch is prorated at it). */
  previewedAt: string
}

/** Events of the plan checkout machine. */
export type PlanCheckoutEvent =
  | { type: 'plan.choose'; plan: string; minSeats: number }
  | { type: 'cycle.change'; cycle: BillingCycle }
  /** The buyer picks the currency of their first payment. */
  | { type: 'currency.change'; currency: Currency }
  /** The language's currency, which applies until the buyer picks one or chooses a plan. */
  | { type: 'currency.suggest'; currency: Currency }
  | { type: 'company.submit'; company: CreateBusiness }
  | { type: 'code.apply'; code: string }
  /** The buyer agreed to the price: with a confirmed payment method, or (a switch) the one on file. */
  | { type: 'checkout.confirm'; setupIntentId: string | null }
