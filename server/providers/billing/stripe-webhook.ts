import Stripe from 'stripe'
import type { ProviderEvent } from './billing-provider.ts'
import { identificationPaymentMetadata } from './charge-provider.ts'
import { idOf } from './stripe-mapping.ts'

/** A Stripe webhook whose signature is missing, does not match, or is too old. */
export class WebhookSignatureError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.name = 'WebhookSignatureError'
  }
}

/**
 * Checks the `Stripe-Signature` header of a webhook delivery (HMAC-SHA256 of `<t>.<body>`, and `t` within
 * `toleranceSeconds` of `now`, before or after) and reads which customer and subscription the event concerns.
 * Throws {@link WebhookSignatureError} when the header is missing, does not match, or is too old or too new.
 */
export function verifyStripeWebhook(
  rawBody: string,
  signatureHeader: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = 300,
): ProviderEvent {
  if (!signatureHeader) throw new WebhookSignatureError('the webhook has no Stripe-Signature header')
  let event: Stripe.Event
  try {
    // The last argument is the clock (in milliseconds) the timestamp's age is measured against.
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      toleranceSeconds,
      undefined,
      now.getTime(),
    )
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new WebhookSignatureError(error.message, { cause: error })
    }
    throw error
  }
  // constructEvent bounds only the event's age: a delivery dated an hour ahead passed, and could be replayed for
  // that hour and the tolerance. Its signed timestamp is the header's last `t=`, as Stripe's parser reads it.
  const signedAt = Number.parseInt(
    signatureHeader
      .split(',')
      .findLast((item) => item.startsWith('t='))
      ?.slice(2) ?? '',
    10,
  )
  if (signedAt - now.getTime() / 1000 > toleranceSeconds)
    throw new WebhookSignatureError('Timestamp outside the tolerance zone (in the future)')
  return toEvent(event)
}

/** The fields of an event's object that tell whose subscription changed; the rest varies by type. */
type EventObject = {
  object: string
  id?: string
  customer?: string | { id: string } | null
  parent?: { subscription_details?: { subscription: string | { id: string } } | null } | null
  metadata?: Record<string, string> | null
}

function toEvent(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as EventObject
  return {
    id: event.id,
    type: event.type,
    subscriptionId: eventSubscriptionId(object),
    customerId: eventCustomerId(object),
    chargeId: eventChargeId(object),
  }
}

/** A PaymentIntent of ours for an identification licence names our payment in its metadata. */
function eventChargeId(object: EventObject): string | null {
  if (object.object !== 'payment_intent' || !object.metadata?.[identificationPaymentMetadata]) return null
  return object.id ?? null
}

function eventCustomerId(object: EventObject): string | null {
  if (object.object === 'customer') return object.id ?? null
  return object.customer ? idOf(object.customer) : null
}

function eventSubscriptionId(object: EventObject): string | null {
  if (object.object === 'subscription') return object.id ?? null
  // Since API version 2025-03-31 an invoice names its subscription under `parent`.
  const subscription = object.object === 'invoice' ? object.parent?.subscription_details?.subscription : null
  return subscription ? idOf(subscription) : null
}
