import { timingSafeEqual } from 'node:crypto'
import { webhookMac } from '../../http/webhook-signature.ts'
import { WebhookRejected } from './identification-provider.ts'

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe-style webhooks do. */
export const signatureHeader = 'x-signet-signature'

/** How far a webhook's timestamp may be from the server's clock. */
const toleranceSeconds = 300

/** Checks the signature header of `body`; throws {@link WebhookRejected} when it is wrong or stale. */
export function verifyWebhookSignature(secret: string, body: string, header: string | null, now: Date): void {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=')
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const
    }),
  )
  const t = parts.get('t')
  const v1 = parts.get('v1')
  if (t === undefined || v1 === undefined || !/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1))
    throw new WebhookRejected('The webhook carries no readable signature')
  const expected = Buffer.from(webhookMac(secret, `${t}.${body}`), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex')))
    throw new WebhookRejected('The webhook signature does not match')
  if (Math.abs(now.getTime() / 1000 - Number(t)) > toleranceSeconds)
    throw new WebhookRejected('The webhook timestamp is too far from now')
}
