import { createHmac, timingSafeEqual } from 'node:crypto'
import * as v from 'valibot'
import {
  MobileNumberRefused,
  MobileProviderUnavailable,
  type MobileSigningProvider,
} from './mobile-signing-provider.ts'

/** How to reach Twilio's Messages API and whom the SMS come from. */
export type TwilioOptions = {
  /** The account SID (`AC…`), also the user name of the API's basic auth. */
  accountSid: string
  /** The account's auth token: the password of the basic auth and the key of `X-Twilio-Signature`. */
  authToken: string
  /** A sender number or alphanumeric sender ID, or a messaging service that picks one. */
  sender: { from: string } | { messagingServiceSid: string }
  /** Twilio's API address, e.g. a region's; tests point it at a local server. @default 'https://api.twilio.com' */
  apiUrl?: string
}

/** Twilio error codes that mean the `To` number itself cannot take the SMS (twilio.com/docs/api/errors). */
const numberErrorCodes = new Set([
  21211, // invalid 'To' phone number
  21214, // 'To' phone number cannot be reached
  21217, // phone number does not appear to be valid
  21401, // invalid phone number
  21407, // this phone number type does not support SMS
  21408, // sending to the number's region is not enabled
  21610, // the recipient replied STOP
  21612, // 'To' number is not reachable via SMS
  21614, // 'To' number is not a valid mobile number
])

const createdSchema = v.object({ sid: v.pipe(v.string(), v.minLength(1)) })
const errorSchema = v.object({ code: v.optional(v.number()), message: v.optional(v.string()) })

/** How long Twilio may take to take a message before it counts as unavailable. */
const timeoutMs = 10_000

/**
 * The mobile signing provider on Twilio's Messages API: each SMS is one `POST …/Messages.json` whose message
 * SID is the provider reference. Twilio posts the message's delivery status to `statusCallbackUrl`
 * (`?ref=` our mobile signing id), signed with {@link twilioSignature}. A refused number throws
 * {@link MobileNumberRefused}; any other failure (Twilio down or slow, a 5xx or 429, our credentials or sender
 * refused) throws {@link MobileProviderUnavailable}.
 */
export function createTwilioMobileSigningProvider(
  options: TwilioOptions,
  statusCallbackUrl: string,
): MobileSigningProvider {
  const apiUrl = options.apiUrl ?? 'https://api.twilio.com'
  const endpoint = `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`
  return {
    name: 'sms',
    async send(mobile, message, ref) {
      const callback = new URL(statusCallbackUrl)
      callback.searchParams.set('ref', ref)
      const form = new URLSearchParams({
        To: mobile,
        ...('from' in options.sender
          ? { From: options.sender.from }
          : { MessagingServiceSid: options.sender.messagingServiceSid }),
        Body: message,
        StatusCallback: callback.href,
      })
      let response: Response
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        throw new MobileProviderUnavailable('Twilio cannot be reached', { cause: error })
      }
      const body: unknown = await response.json().catch(() => undefined)
      if (response.ok) {
        const created = v.safeParse(createdSchema, body)
        if (created.success) return created.output.sid
        throw new MobileProviderUnavailable(`Twilio answered HTTP ${response.status} without a message SID`)
      }
      const parsed = v.safeParse(errorSchema, body)
      const { code, message: detail } = parsed.success ? parsed.output : {}
      const reason = `Twilio ${code ?? `HTTP ${response.status}`}: ${detail ?? response.statusText}`
      if (response.status === 400 && code !== undefined && numberErrorCodes.has(code))
        throw new MobileNumberRefused(reason)
      throw new MobileProviderUnavailable(reason)
    },
  }
}

/**
 * `X-Twilio-Signature` of a request Twilio posts to `url` with the form `params`: the base64 HMAC-SHA1, keyed
 * by the auth token, of the full URL followed by each parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const sorted = [...params].sort(([a, x], [b, y]) => (a === b ? compare(x, y) : compare(a, b)))
  const text = url + sorted.map(([name, value]) => name + value).join('')
  return createHmac('sha1', authToken).update(text, 'utf8').digest('base64')
}

/** Whether `signature` is Twilio's signature of a post of `params` to `url`. */
export function isTwilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams,
  signature: string | undefined,
): boolean {
  const expected = Buffer.from(twilioSignature(authToken, url, params))
  const given = Buffer.from(signature ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

// By code unit, as Twilio's own libraries sort, not by locale.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
