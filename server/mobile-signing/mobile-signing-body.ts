import type { SignAnswer, SignRequestItem } from '../../contract/signing.ts'
import type { Part11Meaning, SecondFactorKind } from '../signing/sign-requests.ts'

/**
 * What a mobile signing row keeps in `body`: a qualified signing's sign call (without its Part 11 password:
 * the name and meaning the signer confirmed with it) and, once signed, the answer every later proceed
 * repeats; or a registration of the mobile number itself.
 */
export type MobileSigningBody =
  | {
      purpose: 'sign'
      signatureRequests: SignRequestItem[]
      language: string
      part11?: Part11Meaning
      /** The second factor that confirmed the start, for the audit trail of the signing it confirms. */
      secondFactor?: SecondFactorKind
      /** The titles the SMS named. */
      titles: string[]
      answer?: SignAnswer
    }
  | {
      purpose: 'register'
      /** The language of the registration's SMS (the user's). */
      language?: string
    }

/** The stored body, as written by this module. */
export function mobileSigningBody(body: Record<string, unknown>): MobileSigningBody {
  return body as MobileSigningBody
}
