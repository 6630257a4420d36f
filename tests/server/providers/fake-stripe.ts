import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A form-encoded body or query (`items[0][price]=…`) as nested objects; arrays keep their index keys. */
export type Params = { [key: string]: string | Params }

/** One call the Stripe adapter made. */
export type StripeRequest = {
  method: string
  path: string
  params: Params
  idempotencyKey: string | undefined
}

/** What the fake answers a call. */
export type Reply = { status: number; body: unknown }

/** A local server answering the Stripe REST API the adapters call, as `route` says. */
export type StripeAnsweringServer = {
  port: number
  requests: StripeRequest[]
  close(): Promise<void>
}

/** The options that point a Stripe adapter at a local server. */
export const localStripe = (port: number) => ({ host: '127.0.0.1', port, protocol: 'http' as const })

/**
 * Starts a local server that answers Stripe's REST calls with `route`, records every call, and, like Stripe,
 * answers a POST with a key seen before with the first answer again, changing nothing.
 */
export async function startStripeAnsweringServer(
  route: (method: string, path: string, params: Params) => Reply,
): Promise<StripeAnsweringServer> {
  let counter = 0
  const requests: StripeRequest[] = []
  const replies = new Map<string, Reply>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const method = req.method ?? 'GET'
      const params = parseParams(
        method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'),
      )
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined
      requests.push({ method, path: url.pathname, params, idempotencyKey })
      const replayed = method === 'POST' && idempotencyKey ? replies.get(idempotencyKey) : undefined
      const reply = replayed ?? route(method, url.pathname, params)
      if (method === 'POST' && idempotencyKey) replies.set(idempotencyKey, reply)
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` })
      res.end(JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Stripe's 404 for an object or route it does not know. */
export const notFound = (what: string): Reply => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
})

/** A webhook's `Stripe-Signature` header as Stripe computes it: HMAC-SHA256 of `<t>.<body>` under the secret. */
export function signStripeWebhook(body: string, at: Date, secret: string): string {
  const t = Math.floor(at.getTime() / 1000)
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}

type FakeIntent = {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  description: string
  metadata: Params
  status: string
  client_secret: string
  last_payment_error: { code: string; decline_code?: string; message: string } | null
}

/** Stripe's PaymentIntents as far as the one-off charges use them. */
export async function startFakePaymentIntents() {
  let counter = 0
  const intents = new Map<string, FakeIntent>()
  const server = await startStripeAnsweringServer((method, path, params) => {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${++counter}`
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(params.amount),
        currency: text(params.currency),
        description: text(params.description),
        metadata: typeof params.metadata === 'object' ? params.metadata : {},
        status: 'requires_payment_method',
        client_secret: `${id}_secret_abc`,
        last_payment_error: null,
      }
      intents.set(id, intent)
      return { status: 200, body: intent }
    }
    const intent = intents.get(/^\/v1\/payment_intents\/([^/]+)$/.exec(path)?.[1] ?? '')
    return method === 'GET' && intent ? { status: 200, body: intent } : notFound(`route ${method} ${path}`)
  })
  const intentOf = (id: string) => {
    const intent = intents.get(id)
    if (!intent) throw new Error(`no intent ${id}`)
    return intent
  }
  return {
    ...server,
    intents,
    /**
     * What Stripe.js and the bank do with the intent: a card pays or is declined at once; a bank still
     * processing answers later (`pay` again).
     */
    pay(id: string, outcome: 'succeeded' | 'declined' | 'processing') {
      const intent = intentOf(id)
      intent.status = outcome === 'declined' ? 'requires_payment_method' : outcome
      intent.last_payment_error =
        outcome === 'declined'
          ? {
              code: 'card_declined',
              decline_code: 'insufficient_funds',
              message: 'Your card has insufficient funds.',
            }
          : null
    },
    /** The event Stripe sends when the intent changed, as its webhook body. */
    event(eventId: string, type: string, id: string) {
      return JSON.stringify({
        id: eventId,
        object: 'event',
        type,
        api_version: '2026-10-28.endive',
        created: 1_790_000_000,
        data: { object: intentOf(id) },
      })
    },
  }
}

/** Reads a form-encoded body or query the way Stripe does. */
function parseParams(encoded: string): Params {
  const root: Params = {}
  for (const [key, value] of new URLSearchParams(encoded)) {
    const [head = '', ...rest] = key.split('[')
    const path = [head, ...rest.map((part) => part.replace(/]$/, ''))]
    const last = path.pop() ?? ''
    let node = root
    for (const name of path) {
      const next = node[name]
      if (typeof next === 'object') {
        node = next
      } else {
        const child: Params = {}
        node[name] = child
        node = child
      }
    }
    node[last] = value
  }
  return root
}

/** A parameter's text; '' when absent or nested. */
export function text(value: string | Params | undefined): string {
  return typeof value === 'string' ? value : ''
}
