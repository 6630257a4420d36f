import type { Currency } from '../../../contract/price-plans.ts'

/**
 * One-off charges of a payer who is no customer at the card provider (a person buying one identification
 * licence): Stripe's PaymentIntents, or the sandbox's stand-in. Money is in minor units; every write at the
 * provider carries an idempotency key, so a retried call never charges twice.
 */

/** The metadata key under which an identification licence's charge names our payment (its webhooks find it so). */
export const identificationPaymentMetadata = 'identification_payment_id'

/** What is charged, and what the charge says on the provider's side. */
export type ChargeInput = {
  amount: number
  currency: Currency
  /** Shown at the provider (dashboard, receipt). */
  description: string
  /** Our ids, kept in the provider's metadata. */
  metadata: Record<string, string>
}

/** A charge the browser now pays: it confirms `intentId` with `clientSecret` in the card form. */
export type ProviderCharge = {
  /** The provider's id of the charge (a PaymentIntent's `pi_…`). */
  id: string
  /** What the card form confirms: the PaymentIntent itself on Stripe, the sandbox's card setup otherwise. */
  intentId: string
  clientSecret: string
}

/** Where a confirmed charge stands: paid, or still processing at the bank. */
export type ChargeOutcome = 'paid' | 'processing'

/** Where a charge stands at the provider: not paid yet, processing at the bank, paid, or failed for good. */
export type ChargeStatus = 'open' | ChargeOutcome | 'failed'

/** The card provider's one-off charges. */
export interface ChargeProvider {
  /** Stripe's publishable key for Elements in the browser; null for the sandbox (its own card form). */
  readonly publishableKey: string | null
  /** Creates the charge, not yet paid; the same key answers the same charge. */
  createCharge(input: ChargeInput, idempotencyKey: string): Promise<ProviderCharge>
  /**
   * After the browser's card form confirmed `intentId`: charges the card it holds (sandbox), or reads the
   * status of the PaymentIntent the browser confirmed (Stripe). Throws `PaymentDeclinedError` when the
   * payment failed; a charge paid before answers `paid` again.
   */
  confirmCharge(chargeId: string, intentId: string, idempotencyKey: string): Promise<ChargeOutcome>
  /** Reads where the charge stands now (after a webhook said it changed); changes nothing. */
  chargeStatus(chargeId: string): Promise<ChargeStatus>
}
