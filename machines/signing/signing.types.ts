import type { Part11Confirmation, signResultCodes } from '../../contract/signing.ts'

export type { Part11Confirmation }

/** One answer of the sign call (SPEC §7 POST /v3/sign), each routed to its overlay. */
export type SignResultCode = (typeof signResultCodes)[number]

/** A qualified signing waiting for the one-time password the signer got by SMS (sign result `mobile_aes`). */
export interface MobileSigning {
  id: string
  provider: string
  /** The number the SMS went to, all but its last digits masked. */
  maskedMobile: string
}

/**
 * What the sign call answered: its code, after a wrong TAN how many tries are left before it locks, and the
 * qualified signing it started (`mobile_aes`).
 */
export interface SignOutcome {
  result: SignResultCode
  tanTriesLeft?: number
  mobileSigning?: MobileSigning
}

/** What the caller's sign actor receives; it adds the request ids, language and documents. */
export interface SignAttempt {
  tan?: string
  part11?: Part11Confirmation
  /** Seal with this seal of the signer's business (its account name) instead of signing in their own name. */
  sealAccountName?: string
  /** A code of the signer's second factor, which the sender asked for at signing. */
  secondFactorCode?: string
}

/** A seal of the signer's business they chose to seal with instead of signing in their own name. */
export interface SealChoice {
  /** The seal's account name, which the sign call names. */
  accountName: string
  /** The seal's label, which its signature and the confirmation show. */
  label: string
}

/** What the caller's mobile AES actor receives (SPEC §7 `proceed/{id}` with `pwdotp`). */
export interface MobileAesAttempt {
  mobileSigning: MobileSigning
  pwdotp: string
}

/** The printed name and meaning a Part 11 verification starts from. */
export interface Part11Meaning {
  signingName: string
  signingReason: string
}

/** Facts behind the free-user signing credit (SPEC §6). */
export interface SigningCredit {
  /** Whether the account is on a free plan. */
  isFreeUser: boolean
  /** The user attribute free_signatures_remaining, as a number. */
  freeSignaturesRemaining: number
  /** Whether the signer came through a direct-sign link. */
  isDirectSign: boolean
}

/** Stable codes the overlays show when a handler failed or did not complete. */
export type SigningErrorCode =
  | 'signing.failed'
  | 'signing.not_complete'
  | 'signing.tan_resend_failed'
  | 'signing.tan_invalid'
  | 'signing.mobile_aes_failed'
  /** The SMS password is past its time: ask for a new one. */
  | 'signing.otp_expired'
  | 'signing.part11_invalid'
  /** The second-factor code given at signing is not right. */
  | 'signing.second_factor_invalid'
  /** The second-factor code given at signing was used before: wait for the next one. */
  | 'signing.second_factor_used'

/** Context of the signing overlay flow. */
export interface SigningContext {
  /** True while an overlay's handler runs (SPEC §4); the overlay shows it as busy. */
  loading: boolean
  /** Who signs, from the start: an account confirms Part 11 with its password, a direct-link signer with a TAN. */
  signer?: 'account' | 'direct'
  tan?: string
  part11?: Part11Confirmation
  /** Why the last handler failed; the overlay stays open so the user can retry. */
  errorCode?: SigningErrorCode
  /** After a wrong TAN: how many more the signer may enter before the TAN locks. */
  tanTriesLeft?: number
  /**
   * The last TAN mail (or SMS of a qualified signing): when another may be asked for (ms since the epoch),
   * and a count of them.
   */
  tanMail?: { nextAt: number; count: number }
  /** The seal this signing seals with; the signer confirms it, naming it, before anything is signed. */
  seal?: SealChoice
  /** What a Part 11 verification starts from: the signer's last name and meaning, kept when asked again. */
  part11Defaults?: Part11Meaning
  /** The qualified signing the last sign call started, which the SMS password confirms. */
  mobileSigning?: MobileSigning
  /** The server's code of the sign call's refusal (failure), e.g. `signature_request.not_open`. */
  refusal?: string
  /** The code of the signer's second factor the sign calls carry, once the signer gave it. */
  secondFactorCode?: string
}

/** What the machine asks its caller to show as it enters a step: the step's overlay, dialog or nothing. */
export type SigningPresentation = {
  type: 'signing.present'
  /** The step entered (a top-level state of the machine). */
  step: SigningStep
}

/** The steps of a signing the caller shows (every top-level state but `idle` and `done`). */
export type SigningStep =
  | 'confirmingSeal'
  | 'signing'
  | 'awaitingTan'
  | 'awaitingSecondFactor'
  | 'settingUpSecondFactor'
  | 'tanInvalid'
  | 'tanExpired'
  | 'tanLocked'
  | 'signingLocked'
  | 'exhausted'
  | 'serialMismatch'
  | 'identificationRequired'
  | 'registeringMobile'
  | 'mobileAes'
  | 'part11Verification'
  | 'part11Meaning'
  | 'success'
  | 'failure'

/** Events of the signing overlay flow. */
export type SigningEvent =
  | {
      type: 'signing.start'
      credit: SigningCredit
      seal?: SealChoice
      /** The name and meaning a Part 11 verification starts from. */
      part11Defaults?: Part11Meaning
    }
  /** The signer confirmed sealing with the chosen seal. */
  | { type: 'seal.confirm' }
  | { type: 'signing.retry' }
  | { type: 'tan.submit'; tan: string }
  /** The signer's code of their second factor (authenticator app or recovery code). */
  | { type: 'secondFactor.submit'; code: string }
  | { type: 'tan.resend' }
  /** After a wrong TAN, the signer enters one again. */
  | { type: 'tan.retry' }
  | { type: 'mobileAes.submit'; pwdotp: string }
  | { type: 'mobileAes.resend' }
  | ({ type: 'part11.submit' } & Part11Confirmation)
  | { type: 'overlay.close' }
  /** The router left the page the flow was opened on. */
  | { type: 'signing.leave' }
