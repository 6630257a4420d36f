import type Stripe from 'stripe'
import { PaymentDeclinedError } from './billing-provider.ts'
import type {
  ChargeInput,
  ChargeOutcome,
  ChargeProvider,
  ChargeStatus,
  ProviderCharge,
} from './charge-provider.ts'
import { createStripeClient, type StripeConnection } from './stripe-client.ts'

/**
 * One-off charges on Stripe: a PaymentIntent without a customer, paid by card in the browser's Payment
 * Element (`stripe.confirmPayment`), whose status the server then reads. Nothing is confirmed server-side, so
 * a card number never reaches us.
 */
export class StripeCharges implements ChargeProvider {
  readonly publishableKey: string
  readonly #stripe: Stripe

  constructor(
    options: StripeConnection & {
      /** The publishable key handed to Stripe Elements in the browser (`pk_…`). */
      publishableKey: string
    },
  ) {
    this.publishableKey = options.publishableKey
    this.#stripe = createStripeClient(options)
  }

  async createCharge(input: ChargeInput, idempotencyKey: string): Promise<ProviderCharge> {
    const intent = await this.#stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        description: input.description,
        metadata: input.metadata,
        // Cards only: a SEPA debit would leave the licence pending for days.
        allowed_payment_method_types: ['card'],
      },
      { idempotencyKey },
    )
    if (intent.client_secret === null) throw new Error(`payment intent ${intent.id} has no client secret`)
    return { id: intent.id, intentId: intent.id, clientSecret: intent.client_secret }
  }

  async confirmCharge(chargeId: string, intentId: string, _idempotencyKey: string): Promise<ChargeOutcome> {
    if (intentId !== chargeId)
      throw new PaymentDeclinedError('payment_intent_mismatch', 'The payment confirmed is not this charge')
    const intent = await this.#stripe.paymentIntents.retrieve(chargeId)
    const status = statusOf(intent)
    if (status === 'paid' || status === 'processing') return status
    // A failed attempt carries the bank's reason; without one the browser has not paid yet.
    const failure = intent.last_payment_error
    throw new PaymentDeclinedError(
      failure?.decline_code ??
        failure?.code ??
        (intent.status === 'canceled' ? 'canceled' : 'payment_incomplete'),
      failure?.message ?? `The payment is ${intent.status}`,
    )
  }

  async chargeStatus(chargeId: string): Promise<ChargeStatus> {
    return statusOf(await this.#stripe.paymentIntents.retrieve(chargeId))
  }
}

function statusOf(intent: Stripe.PaymentIntent): ChargeStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'paid'
    case 'processing':
    case 'requires_capture':
      return 'processing'
    case 'canceled':
      return 'failed'
    default:
      // A failed attempt leaves the intent waiting for another card, with the bank's reason.
      return intent.last_payment_error ? 'failed' : 'open'
  }
}
