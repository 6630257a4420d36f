import type { CountryCode } from '../../contract/phone-number.ts'

/** A code sent by SMS to register a number: its registration id, the masked number, when it may be resent. */
export interface MobileCodeSent {
  id: string
  maskedMobile: string
  /** When another code may be asked for (ms since the epoch). */
  nextAt: number
}

/** Stable codes the mobile-id screen shows when a step failed. */
export type MobileIdErrorCode =
  | 'mobile_id.send_failed'
  | 'mobile_id.number_invalid'
  | 'mobile_id.number_unreachable'
  | 'mobile_id.too_soon'
  | 'mobile_id.code_invalid'
  | 'mobile_id.code_expired'
  | 'mobile_id.code_locked'
  | 'mobile_id.confirm_failed'

/** Context of the mobile number registration. */
export interface MobileIdContext {
  /** The number being registered, in E.164 (`+41791234567`) once it was read as a mobile number. */
  mobile: string
  /** The country a number typed without its country code is read for. */
  country: CountryCode
  sent?: MobileCodeSent
  /** Why the last step failed; the step stays so the user can fix it. */
  errorCode?: MobileIdErrorCode
  /** The server's field of a refused number (`mobile`) or code (`secret`). */
  errorField?: string
  /** The number now registered. */
  registered?: string
}

/** Events of the mobile number registration. */
export type MobileIdEvent =
  /** The number as typed, read for `country` when it has no country code. */
  | { type: 'number.submit'; mobile: string; country: CountryCode }
  | { type: 'number.change' }
  | { type: 'code.submit'; secret: string }
  | { type: 'code.resend' }

/** What the `sendCode` actor receives: the number in E.164 and the country it was read for. */
export interface SendCodeInput {
  mobile: string
  country: CountryCode
}

/** What the `confirmCode` actor receives. */
export interface ConfirmCodeInput {
  id: string
  secret: string
}

/** A refusal of a step: a stable code and the field it is about. */
export interface MobileIdFailure {
  code: MobileIdErrorCode
  field?: string
}
