import { describe, expect, it } from 'vitest'
import {
  verifyStripeWebhook,
  WebhookSignatureError,
} from '../../../server/providers/billing/stripe-webhook.ts'
import { signStripeWebhook } from './fake-stripe.ts'

const webhookSecret = 'whsec_test_secret'

describe('verifyStripeWebhook', () => {
  const now = new Date('2026-01-01T12:00:00Z')
  const nowSeconds = now.getTime() / 1000
  const subscriptionUpdated = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'customer.subscription.updated',
    data: { object: { id: 'sub_1', object: 'subscription', customer: 'cus_1' } },
  })

  const sign = (body: string, timestamp: number, secret = webhookSecret) =>
    signStripeWebhook(body, new Date(timestamp * 1000), secret)

  it('accepts a signed event and names its subscription and customer', () => {
    expect(
      verifyStripeWebhook(
        subscriptionUpdated,
        sign(subscriptionUpdated, nowSeconds - 10),
        webhookSecret,
        now,
      ),
    ).toEqual({
      id: 'evt_1',
      type: 'customer.subscription.updated',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      chargeId: null,
    })
  })

  it('names the charge of an identification licence’s PaymentIntent, and no other PaymentIntent', () => {
    const intentEvent = (metadata: Record<string, string>) =>
      JSON.stringify({
        id: 'evt_3',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_1', object: 'payment_intent', customer: null, metadata } },
      })
    const licence = intentEvent({ identification_payment_id: 'pay_1' })
    expect(verifyStripeWebhook(licence, sign(licence, nowSeconds), webhookSecret, now)).toEqual({
      id: 'evt_3',
      type: 'payment_intent.succeeded',
      subscriptionId: null,
      customerId: null,
      chargeId: 'pi_1',
    })
    const invoicePayment = intentEvent({})
    expect(
      verifyStripeWebhook(invoicePayment, sign(invoicePayment, nowSeconds), webhookSecret, now).chargeId,
    ).toBeNull()
  })

  it('finds the subscription of an invoice under its parent', () => {
    const invoicePaid = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          customer: 'cus_1',
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
        },
      },
    })
    expect(verifyStripeWebhook(invoicePaid, sign(invoicePaid, nowSeconds), webhookSecret, now)).toMatchObject(
      {
        id: 'evt_2',
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
      },
    )
  })

  it('rejects a forged signature, a changed body, a missing header and a stale timestamp', () => {
    const verify = (body: string, header: string | undefined) => () =>
      verifyStripeWebhook(body, header, webhookSecret, now)
    expect(verify(subscriptionUpdated, sign(subscriptionUpdated, nowSeconds, 'whsec_other'))).toThrow(
      WebhookSignatureError,
    )
    expect(
      verify(subscriptionUpdated.replace('sub_1', 'sub_2'), sign(subscriptionUpdated, nowSeconds)),
    ).toThrow(WebhookSignatureError)
    expect(verify(subscriptionUpdated, undefined)).toThrow(WebhookSignatureError)
    expect(verify(subscriptionUpdated, sign(subscriptionUpdated, nowSeconds - 301))).toThrow(
      WebhookSignatureError,
    )
    expect(verify(subscriptionUpdated, sign(subscriptionUpdated, nowSeconds - 299))).not.toThrow()
  })

  it('rejects a timestamp ahead of the clock by more than the tolerance, as it does one behind', () => {
    const verify = (timestamp: number) => () =>
      verifyStripeWebhook(subscriptionUpdated, sign(subscriptionUpdated, timestamp), webhookSecret, now)
    expect(verify(nowSeconds + 3600)).toThrow(WebhookSignatureError)
    expect(verify(nowSeconds + 301)).toThrow(/tolerance/)
    expect(verify(nowSeconds + 299)).not.toThrow()
  })

  it('verifies a replayed delivery again with the same event id, for the caller to deduplicate', () => {
    const header = sign(subscriptionUpdated, nowSeconds - 5)
    const first = verifyStripeWebhook(subscriptionUpdated, header, webhookSecret, now)
    const again = verifyStripeWebhook(
      subscriptionUpdated,
      header,
      webhookSecret,
      new Date(now.getTime() + 60_000),
    )
    expect(again).toEqual(first)
    expect(again.id).toBe('evt_1')
  })
})
