import { createHmac } from 'node:crypto'

/**
 * The signature of a webhook or callback `body` sent at `now`, as Stripe-style webhooks carry it:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by `secret`>`.
 */
export function signWebhook(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000)
  return `t=${t},v1=${webhookMac(secret, `${t}.${body}`)}`
}

/** The hex HMAC-SHA256 of `text` keyed by `secret`. */
export function webhookMac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex')
}
