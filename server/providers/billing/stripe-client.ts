import Stripe from 'stripe'
import { PaymentDeclinedError } from './billing-provider.ts'

/**
 * The API version the Stripe adapters are written against, spelled out rather than taken from the SDK: an SDK
 * upgrade that pins another version then fails the type check here instead of silently changing what Stripe
 * sends.
 */
const apiVersion = '2026-10-28.endive'

/** How to reach Stripe; `host`, `port` and `protocol` only point tests at a local server. */
export type StripeConnection = {
  /** The secret API key (`sk_live_…`, `sk_test_…`). */
  secretKey: string
  /** @default 'api.stripe.com' */
  host?: string
  /** @default 443 */
  port?: number
  /** @default 'https' */
  protocol?: 'http' | 'https'
}

/** The Stripe SDK client of one adapter, on the pinned API version, retrying network failures twice. */
export function createStripeClient(connection: StripeConnection): Stripe {
  return new Stripe(connection.secretKey, {
    apiVersion,
    maxNetworkRetries: 2,
    host: connection.host,
    port: connection.port,
    protocol: connection.protocol,
  })
}

/** A link to Stripe's customer portal for `customerId`, which returns to `returnUrl`. */
export async function portalUrl(stripe: Stripe, customerId: string, returnUrl: string): Promise<string> {
  // A portal session only grants a short-lived link, so a duplicate is harmless and needs no key of ours.
  const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })
  return session.url
}

/** Turns a 402 card error into the provider-neutral `PaymentDeclinedError`; other errors pass unchanged. */
export async function declinesAsPaymentDeclined<T>(request: Promise<T>): Promise<T> {
  try {
    return await request
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeCardError ||
      (error instanceof Stripe.errors.StripeError && error.rawType === 'card_error')
    ) {
      throw new PaymentDeclinedError(error.decline_code ?? error.code ?? 'card_declined', error.message)
    }
    throw error
  }
}
