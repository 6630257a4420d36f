import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PaymentDeclinedError } from '../../../server/providers/billing/billing-provider.ts'
import { StripeCharges } from '../../../server/providers/billing/stripe-charges.ts'

type Intent = {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  description: string
  metadata: Record<string, string>
  status: string
  client_secret: string
  last_payment_error: { code: string; decline_code?: string; message: string } | null
}
type Request = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined }

/** Stripe's PaymentIntents as far as the charges use them, with Stripe's idempotent replays. */
async function startFakeStripe() {
  let counter = 0
  const intents = new Map<string, Intent>()
  const requests: Request[] = []
  const replies = new Map<string, { status: number; body: unknown }>()
  const route = (method: string, path: string, body: URLSearchParams) => {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${++counter}`
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        currency: body.get('currency') ?? '',
        description: body.get('description') ?? '',
        metadata: Object.fromEntries(
          [...body].flatMap(([key, value]) => {
            const name = /^metadata\[(.+)]$/.exec(key)?.[1]
            return name ? [[name, value]] : []
          }),
        ),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_abc`,
        last_payment_error: null,
      }
      intents.set(id, intent)
      return { status: 200, body: intent }
    }
    const found = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)
    const intent = found ? intents.get(found[1] ?? '') : undefined
    if (method === 'GET' && intent) return { status: 200, body: intent }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such route' } },
    }
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const method = req.method ?? 'GET'
      const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined
      requests.push({ method, path: url.pathname, body, idempotencyKey })
      const replayed = method === 'POST' && idempotencyKey ? replies.get(idempotencyKey) : undefined
      const reply = replayed ?? route(method, url.pathname, body)
      if (method === 'POST' && idempotencyKey) replies.set(idempotencyKey, reply)
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${counter}` })
      res.end(JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    intents,
    requests,
    /** What Stripe.js does when the browser confirms the intent with a card. */
    pay(id: string, outcome: 'succeeded' | 'declined') {
      const intent = intents.get(id)
      if (!intent) throw new Error(`no intent ${id}`)
      if (outcome === 'succeeded') {
        intent.status = 'succeeded'
        intent.last_payment_error = null
      } else {
        intent.status = 'requires_payment_method'
        intent.last_payment_error = {
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        }
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('StripeCharges (against a local Stripe API)', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>
  let charges: StripeCharges
  beforeAll(async () => {
    fake = await startFakeStripe()
    charges = new StripeCharges({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
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
    expect(Object.fromEntries(writes[0]?.body ?? [])).toMatchObject({
      amount: '5900',
      currency: 'chf',
      description: 'Identification licence (zertes)',
      'metadata[identification_payment_id]': 'pay_1',
      'allowed_payment_method_types[0]': 'card',
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
})
