import { Hono } from 'hono'
import type { Logger } from 'pino'
import { maskMobile, mobileSigningPaths } from '../../contract/mobile-signing.ts'
import { ApiError } from '../http/api-error.ts'
import {
  isTwilioSignature,
  type TwilioOptions,
} from '../providers/mobile-signing/twilio-mobile-signing-provider.ts'

/** What the Twilio status callback needs. */
export type TwilioStatusServices = {
  /** The Twilio account; unset: no SMS goes through Twilio, and the callback is 404. */
  twilio: TwilioOptions | undefined
  /** The address Twilio calls us at, which its signature covers. */
  publicUrl: string
  logger: Logger
}

/** Twilio's final statuses of a message that did not reach the phone. */
const notDelivered = new Set(['failed', 'undelivered'])

/**
 * `POST /webhooks/twilio/status` (issue 16): Twilio's delivery status of an SMS it took, posted as a form to
 * the `StatusCallback` of the message (`?ref=` the mobile signing) and signed in `X-Twilio-Signature` (400
 * `mobile_signing.webhook_invalid` when it does not check out). Nothing is stored: an SMS that failed or was
 * not delivered is logged, so operators see why a signer got no code.
 */
export function createTwilioStatusRoutes({ twilio, publicUrl, logger }: TwilioStatusServices): Hono {
  return new Hono().post(mobileSigningPaths.twilioStatus(), async (c) => {
    if (twilio === undefined)
      throw new ApiError(404, 'route.not_found', 'No SMS delivery reports are taken on this server')
    const params = new URLSearchParams(await c.req.text())
    const { pathname, search } = new URL(c.req.url)
    if (
      !isTwilioSignature(
        twilio.authToken,
        `${publicUrl}${pathname}${search}`,
        params,
        c.req.header('x-twilio-signature'),
      )
    )
      throw new ApiError(
        400,
        'mobile_signing.webhook_invalid',
        'The delivery report signature does not check out',
      )
    const status = params.get('MessageStatus') ?? ''
    if (notDelivered.has(status))
      logger.warn(
        {
          mobileSigningId: c.req.query('ref'),
          messageSid: params.get('MessageSid'),
          status,
          errorCode: params.get('ErrorCode'),
          to: maskMobile(params.get('To') ?? ''),
        },
        'SMS not delivered',
      )
    return c.body(null, 204)
  })
}
