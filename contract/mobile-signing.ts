import * as v from 'valibot'
import { defaultPhoneCountry, phoneCountries } from './phone-number.ts'

/**
 * Qualified signing with a second factor (SPEC §7 Signing and TAN): a qualified signature waits for the
 * signer's confirmation on their phone. The mobile signing provider sends a one-time password by SMS to the
 * signer's `mobile`; the signer enters it (`POST /v3/{provider}/proceed/{id}`, `pwdotp`) or the phone answers
 * itself (`POST /resend|respond|cancel/{id}`), and only then is the stored sign call signed.
 */

/** How long a one-time password may be entered. */
export const mobileSigningLifetimeMs = 5 * 60 * 1000

/** Wrong one-time passwords before a mobile signing locks. */
export const mobileSigningMaxTries = 5

/** Least time between two SMS of one mobile signing (as the direct TAN's resend). */
export const mobileSigningResendIntervalMs = 60 * 1000

const otp = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'must be the 6 digits of the SMS'))

/** Body of `POST /v3/{provider}/proceed/{id}` and its direct variant: the one-time password of the SMS. */
export const mobileProceedSchema = v.object({ pwdotp: otp })
export type MobileProceed = v.InferOutput<typeof mobileProceedSchema>

/** Body of `POST /respond/{id}`: the phone's own answer. */
export const mobileRespondSchema = v.object({ secret: otp })

/** Answer of `POST /resend/{id}`: where the new SMS went and until when its password holds. */
export const mobileSigningSentSchema = v.object({
  id: v.string(),
  /** The mobile number with all but the last three digits masked. */
  maskedMobile: v.string(),
  /** ISO 8601. */
  expiresAt: v.string(),
})
export type MobileSigningSent = v.InferOutput<typeof mobileSigningSentSchema>

/**
 * Body of `POST /v1/user/mobile`: the number to register for qualified signing as typed, and the country a
 * national number is read for (default CH); the server stores it in E.164 or answers 422
 * `mobile_signing.number_invalid` naming `mobile`.
 */
export const registerMobileSchema = v.object({
  mobile: v.pipe(v.string(), v.trim(), v.nonEmpty('is needed'), v.maxLength(40, 'is too long')),
  country: v.optional(v.picklist(phoneCountries, 'must be a country code such as CH'), defaultPhoneCountry),
})

/** Body of `POST /v1/user/mobile/confirm`: the registration's id and the code of its SMS. */
export const confirmMobileSchema = v.object({ id: v.pipe(v.string(), v.uuid()), secret: otp })

/** Answer of `POST /v1/user/mobile/confirm`: the number now registered. */
export const mobileConfirmedSchema = v.object({ mobile: v.string() })

/** The number with all but its last three digits replaced by `•`. */
export function maskMobile(mobile: string): string {
  const keep = 3
  return mobile
    .split('')
    .map((char, index) => (index < mobile.length - keep && /\d/.test(char) && index > 2 ? '•' : char))
    .join('')
}

/** Paths of the mobile signing calls, below the API base. */
export const mobileSigningPaths = {
  /** `POST` `{ pwdotp }`: confirms and signs; answers the sign answer. */
  proceed: (provider: string, id: string) => `/v3/${provider}/proceed/${id}`,
  /** The same for a direct-link signer, with their link's token. */
  directProceed: (provider: string, id: string, token: string) =>
    `/v3/direct/${provider}/proceed/${id}?token=${encodeURIComponent(token)}`,
  /** `POST`: a new SMS (a direct-link signer adds `?token=`). */
  resend: (id: string, token?: string) => `/resend/${id}${tokenQuery(token)}`,
  /** `POST` `{ secret }`: the phone's own answer; answers the sign answer. */
  respond: (id: string, token?: string) => `/respond/${id}${tokenQuery(token)}`,
  /** `POST`: cancels; nothing is signed. */
  cancel: (id: string, token?: string) => `/cancel/${id}${tokenQuery(token)}`,
  /** `POST` `{ mobile }`: sends a code to register the number. */
  registerMobile: () => '/v1/user/mobile',
  /** `POST` `{ id, secret }`: confirms it; the number becomes the attribute `mobile`. */
  confirmMobile: () => '/v1/user/mobile/confirm',
  /** Twilio's delivery status of an SMS (issue 16), verified by `X-Twilio-Signature`. */
  twilioStatus: () => '/webhooks/twilio/status',
}

function tokenQuery(token: string | undefined): string {
  return token === undefined ? '' : `?token=${encodeURIComponent(token)}`
}
