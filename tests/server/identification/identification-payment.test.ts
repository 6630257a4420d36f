import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billingPaths } from '../../../contract/billing.ts'
import {
  identificationInfoSchema,
  identificationPaths,
  identificationPaymentSchema,
  identificationPaymentStartSchema,
} from '../../../contract/identification.ts'
import { apiUrl } from '../../../contract/paths.ts'
import { type AccountsClient, readJson, startAccountsClient } from '../accounts/accounts-client.ts'
import { openBusiness } from '../businesses/business-client.ts'
import { localStripe, signStripeWebhook, startFakePaymentIntents } from '../providers/fake-stripe.ts'
import { featureDrivers } from '../test-database.ts'

const paying = '4242 4242 4242 4242'
const insufficientFunds = '4000 0000 0000 9995'

/** What the payment GET answers someone not covered for eidas, in EUR. */
const eidasPrice = { covered: false, amount: 4900, currency: 'EUR', coveredBy: null }

/** The licence calls as the app makes them, on the client `api()` answers once the server runs. */
function paymentCalls(api: () => AccountsClient) {
  const coverage = async (token: string, legislation = 'eidas') =>
    v.parse(
      identificationPaymentSchema,
      await readJson(await api().call('GET', identificationPaths.payment(legislation), { token })),
    )
  const startPayment = async (token: string, legislation = 'eidas') =>
    v.parse(
      identificationPaymentStartSchema,
      await readJson(await api().call('POST', identificationPaths.payment(legislation), { token }), 201),
    )
  const confirm = (token: string, paymentId: string, intentId: string, legislation = 'eidas') =>
    api().call('POST', identificationPaths.confirmPayment(legislation, paymentId), {
      token,
      body: { intent_id: intentId },
    })
  const startVideo = async (token: string) =>
    v.parse(
      identificationInfoSchema,
      await readJson(await api().call('POST', identificationPaths.user('eidas', 'video'), { token }), 201),
    )
  /** Ends the appointment at the sandbox provider, as its page's buttons do. */
  const finish = (identUrl: string, outcome: 'complete' | 'fail') =>
    fetch(`${api().server.url}${new URL(identUrl).pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome, first_name: 'Ada', last_name: 'Lovelace' }),
    })
  return { coverage, startPayment, confirm, startVideo, finish }
}

describe.each(featureDrivers)('paying for an identification licence on %s', (driver) => {
  let api: AccountsClient

  beforeAll(async () => {
    api = await startAccountsClient(driver)
  })
  afterAll(async () => {
    await api?.server.stop()
  })

  const { coverage, startPayment, confirm, startVideo, finish } = paymentCalls(() => api)
  /** What the sandbox card form does in the browser: the card goes to the provider, never to our calls. */
  const enterCard = async (clientSecret: string, number: string) =>
    fetch(`${api.server.url}${apiUrl(billingPaths.sandboxConfirm())}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_secret: clientSecret,
        card: { number, exp_month: 12, exp_year: 2040, cvc: '123' },
      }),
    })

  it('sells one licence: not covered, paid with 4242, covered, used by a successful identification only', async () => {
    const ada = await api.signUp('ada@example.com')
    expect(await coverage(ada)).toEqual({ ...eidasPrice, processing: false })

    const payment = await startPayment(ada)
    expect(payment).toMatchObject({ amount: 4900, currency: 'EUR', intent: { publishableKey: null } })
    // A second click answers the same payment: one licence is never charged twice.
    expect((await startPayment(ada)).id).toBe(payment.id)
    // Not paid before the card form confirmed a card.
    await api.expectError(await confirm(ada, payment.id, payment.intent.id), 402, 'billing.card_declined')
    expect((await coverage(ada)).covered).toBe(false)

    expect((await enterCard(payment.intent.clientSecret, paying)).status).toBe(200)
    const paid = await readJson(await confirm(ada, payment.id, payment.intent.id))
    expect(paid).toEqual({
      covered: true,
      amount: null,
      currency: null,
      coveredBy: 'licence',
      processing: false,
    })
    expect(await coverage(ada)).toEqual({
      covered: true,
      amount: null,
      currency: null,
      coveredBy: 'licence',
      processing: false,
    })
    // The licence is of its legislation only, and is not bought twice.
    expect((await coverage(ada, 'zertes')).covered).toBe(false)
    await api.expectError(
      await api.call('POST', identificationPaths.payment('eidas'), { token: ada }),
      409,
      'identification.covered',
    )
    // Confirming again changes nothing.
    expect(await readJson(await confirm(ada, payment.id, payment.intent.id))).toEqual(paid)

    // A failed identification leaves the licence for another try.
    const failing = await startVideo(ada)
    expect(failing.isCovered).toBe(true)
    expect((await finish(failing.identUrl, 'fail')).status).toBe(303)
    expect((await coverage(ada)).covered).toBe(true)

    const succeeding = await startVideo(ada)
    expect((await finish(succeeding.identUrl, 'complete')).status).toBe(303)
    // Used: the next identification is to be paid again, and the old payment cannot be confirmed anew.
    expect(await coverage(ada)).toEqual({ ...eidasPrice, processing: false })
    expect(await readJson(await confirm(ada, payment.id, payment.intent.id))).toMatchObject({
      covered: false,
    })
    expect((await startPayment(ada)).id).not.toBe(payment.id)
  })

  it('marks nothing paid when the card is declined (402), and takes another card for the same payment', async () => {
    const ben = await api.signUp('ben@example.com')
    const payment = await startPayment(ben, 'zertes')
    expect(payment.amount).toBe(5900)
    expect((await enterCard(payment.intent.clientSecret, insufficientFunds)).status).toBe(200)
    await api.expectError(
      await confirm(ben, payment.id, payment.intent.id, 'zertes'),
      402,
      'billing.card_declined',
    )
    expect((await coverage(ben, 'zertes')).covered).toBe(false)

    const again = await startPayment(ben, 'zertes')
    expect(again.id).toBe(payment.id)
    expect((await enterCard(again.intent.clientSecret, paying)).status).toBe(200)
    expect(await readJson(await confirm(ben, again.id, again.intent.id, 'zertes'))).toMatchObject({
      covered: true,
    })
  })

  it('answers 404 for another user’s payment, an unknown one and another legislation’s; 400 without the intent', async () => {
    const cleo = await api.signUp('cleo@example.com')
    const dan = await api.signUp('dan@example.com')
    const payment = await startPayment(cleo)
    expect((await enterCard(payment.intent.clientSecret, paying)).status).toBe(200)
    await api.expectError(await confirm(dan, payment.id, payment.intent.id), 404, 'identification.not_found')
    await api.expectError(
      await confirm(cleo, 'not-a-payment', payment.intent.id),
      404,
      'identification.not_found',
    )
    await api.expectError(
      await confirm(cleo, payment.id, payment.intent.id, 'zertes'),
      404,
      'identification.not_found',
    )
    await api.expectError(
      await api.call('POST', identificationPaths.confirmPayment('eidas', payment.id), {
        token: cleo,
        body: {},
      }),
      400,
      'request.invalid',
      'intent_id',
    )
    await api.expectError(
      await api.call('POST', identificationPaths.payment('martian'), { token: cleo }),
      404,
      'identification.not_found',
    )
    await api.expectError(
      await api.call('POST', identificationPaths.payment('eidas')),
      401,
      'auth.unauthenticated',
    )
    // Dan's attempt paid nothing of Cleo's.
    expect((await coverage(cleo)).covered).toBe(false)
    expect((await coverage(dan)).covered).toBe(false)
  })

  it('refuses a licence to a member whose business pays (409)', async () => {
    const admin = await api.signUp('admin@acme.example')
    await openBusiness(api, admin, 'Acme AG')
    expect((await coverage(admin)).covered).toBe(true)
    await api.expectError(
      await api.call('POST', identificationPaths.payment('zertes'), { token: admin }),
      409,
      'identification.covered',
    )
  })
})

describe.each(featureDrivers)(
  'a licence payment the bank settles later, through Stripe’s webhook, on %s',
  (driver) => {
    const webhookSecret = 'whsec_test_secret'
    let api: AccountsClient
    let stripe: Awaited<ReturnType<typeof startFakePaymentIntents>>

    beforeAll(async () => {
      stripe = await startFakePaymentIntents()
      const keys = { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret }
      api = await startAccountsClient(driver, { stripe: { ...keys, ...localStripe(stripe.port) } })
    })
    afterAll(async () => {
      await api?.server.stop()
      await stripe?.close()
    })

    const { coverage, startPayment, confirm, startVideo } = paymentCalls(() => api)
    /** Stripe sends the event about the intent, signed with `secret`. */
    const deliver = (eventId: string, type: string, intentId: string, secret = webhookSecret) => {
      const body = stripe.event(eventId, type, intentId)
      return fetch(`${api.server.url}${apiUrl(billingPaths.stripeWebhook())}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signStripeWebhook(body, api.clock.now(), secret),
        },
        body,
      })
    }
    /** The times our server read the intent at Stripe. */
    const reads = (intentId: string) =>
      stripe.requests.filter((request) => request.method === 'GET' && request.path.endsWith(`/${intentId}`))
        .length
    /** A payment whose card form was confirmed while the bank still processes it. */
    const processingPayment = async (token: string) => {
      const payment = await startPayment(token)
      stripe.pay(payment.intent.id, 'processing')
      expect(await readJson(await confirm(token, payment.id, payment.intent.id))).toEqual({
        ...eidasPrice,
        processing: true,
      })
      return payment
    }

    it('says a processing payment is being processed, and covers once Stripe says it succeeded', async () => {
      const ada = await api.signUp('ada@example.com')
      const payment = await processingPayment(ada)
      expect((await coverage(ada)).processing).toBe(true)
      // Not paid twice meanwhile, and not covered before the bank answered.
      await api.expectError(
        await api.call('POST', identificationPaths.payment('eidas'), { token: ada }),
        409,
        'identification.payment_processing',
      )
      await api.expectError(
        await api.call('POST', identificationPaths.user('eidas', 'video'), { token: ada }),
        402,
        'identification.payment_required',
      )

      // A forged delivery is refused and changes nothing.
      stripe.pay(payment.intent.id, 'succeeded')
      await api.expectError(
        await deliver('evt_forged', 'payment_intent.succeeded', payment.intent.id, 'whsec_someone_else'),
        400,
        'billing.webhook_invalid',
      )
      expect(await coverage(ada)).toMatchObject({ covered: false, processing: true })

      expect((await deliver('evt_paid', 'payment_intent.succeeded', payment.intent.id)).status).toBe(200)
      await expect.poll(async () => (await coverage(ada)).covered).toBe(true)
      expect((await startVideo(ada)).isCovered).toBe(true)
    })

    it('leaves a payment the bank refused uncovered, and lets it be paid again', async () => {
      const ben = await api.signUp('ben@example.com')
      const payment = await processingPayment(ben)
      stripe.pay(payment.intent.id, 'declined')
      expect((await deliver('evt_failed', 'payment_intent.payment_failed', payment.intent.id)).status).toBe(
        200,
      )
      await expect.poll(async () => (await coverage(ben)).processing).toBe(false)
      expect((await coverage(ben)).covered).toBe(false)
      expect((await startPayment(ben)).id).toBe(payment.id)
    })

    it('applies a replayed event once, and a late event as Stripe now has it', async () => {
      const cleo = await api.signUp('cleo@example.com')
      const payment = await processingPayment(cleo)
      stripe.pay(payment.intent.id, 'succeeded')
      const before = reads(payment.intent.id)
      expect((await deliver('evt_once', 'payment_intent.succeeded', payment.intent.id)).status).toBe(200)
      await expect.poll(async () => (await coverage(cleo)).covered).toBe(true)
      expect((await deliver('evt_once', 'payment_intent.succeeded', payment.intent.id)).status).toBe(200)
      // The processing event Stripe sent first arrives last: the intent is read again, and it has succeeded.
      expect((await deliver('evt_late', 'payment_intent.processing', payment.intent.id)).status).toBe(200)
      await expect.poll(() => reads(payment.intent.id)).toBe(before + 2)
      expect(await coverage(cleo)).toMatchObject({ covered: true, coveredBy: 'licence' })
    })
  },
)
