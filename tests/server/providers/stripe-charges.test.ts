import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PaymentDeclinedError } from '../../../server/providers/billing/billing-provider.ts'
import { StripeCharges } from '../../../server/providers/billing/stripe-charges.ts'
import { localStripe, startFakePaymentIntents } from './fake-stripe.ts'

describe('StripeCharges (against a local Stripe API)', () => {
  let fake: Awaited<ReturnType<typeof startFakePaymentIntents>>
  let charges: StripeCharges
  beforeAll(async () => {
    fake = await startFakePaymentIntents()
    charges = new StripeCharges({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      ...localStripe(fake.port),
    })
  })
  afterAll(() => fake.close())

  const licence = { amount: 5900, currency: 'CHF' as const, description: 'Identification licence (zertes)' }

  it('creates a card PaymentIntent once per key, and reports it paid once the browser paid', async () => {
    const input = { ...licence, metadata: { identification_payment_id: 'pay_1' } }
    const charge = await charges.createCharge(input, 'identification-payment:pay_1')
    expect(charge).toEqual({ id: 'pi_1', intentId: 'pi_1', clientSecret: 'pi_1_secret_abc' })
    expect(charges.publishableKey).toBe('pk_test_fake')
    // A retry after a timeout sends the same key: Stripe answers the first intent, no second charge.
    expect(await charges.createCharge(input, 'identification-payment:pay_1')).toEqual(charge)
    expect(fake.intents.size).toBe(1)
    const writes = fake.requests.filter((request) => request.method === 'POST')
    expect(writes.map((request) => request.idempotencyKey)).toEqual([
      'identification-payment:pay_1',
      'identification-payment:pay_1',
    ])
    expect(writes[0]?.params).toMatchObject({
      amount: '5900',
      currency: 'chf',
      description: 'Identification licence (zertes)',
      metadata: { identification_payment_id: 'pay_1' },
      allowed_payment_method_types: { 0: 'card' },
    })

    // Not paid before the browser confirmed it.
    await expect(charges.confirmCharge(charge.id, charge.intentId, 'k1')).rejects.toMatchObject({
      declineCode: 'payment_incomplete',
    })
    fake.pay(charge.id, 'succeeded')
    expect(await charges.confirmCharge(charge.id, charge.intentId, 'k2')).toBe('paid')
  })

  it('reports the bank’s reason for a declined card, and refuses another intent than the charge’s', async () => {
    const charge = await charges.createCharge({ ...licence, metadata: {} }, 'identification-payment:pay_2')
    fake.pay(charge.id, 'declined')
    const declined = charges.confirmCharge(charge.id, charge.intentId, 'k3')
    await expect(declined).rejects.toBeInstanceOf(PaymentDeclinedError)
    await expect(declined).rejects.toMatchObject({ declineCode: 'insufficient_funds' })
    await expect(charges.confirmCharge(charge.id, 'pi_1', 'k4')).rejects.toMatchObject({
      declineCode: 'payment_intent_mismatch',
    })
  })

  it('reads where a charge stands for its webhooks: open, processing at the bank, then paid or failed', async () => {
    const later = await charges.createCharge({ ...licence, metadata: {} }, 'identification-payment:pay_3')
    expect(await charges.chargeStatus(later.id)).toBe('open')
    fake.pay(later.id, 'processing')
    expect(await charges.confirmCharge(later.id, later.intentId, 'k5')).toBe('processing')
    expect(await charges.chargeStatus(later.id)).toBe('processing')
    fake.pay(later.id, 'succeeded')
    expect(await charges.chargeStatus(later.id)).toBe('paid')
    const refused = await charges.createCharge({ ...licence, metadata: {} }, 'identification-payment:pay_4')
    fake.pay(refused.id, 'declined')
    expect(await charges.chargeStatus(refused.id)).toBe('failed')
  })
})
