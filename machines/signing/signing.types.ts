import type { signResultCodes } from '../../contract/signing.ts'

/** One answer of the sign call (SPEC §7 POST /v3/sign), each routed to its overlay. */
export type SignResultCode = (typeof signResultCodes)[number]

/** Part 11 re-confirmation the signer gave before signing again. */
export interface Part11Confirmation {
  signingName: string
  signingReason: string
}

/** What the caller's sign actor receives; it adds the request ids, language and documents. */
export interface SignAttempt {
  tan?: string
  part11?: Part11Confirmation
}

/** What the caller's mobile AES actor receives (SPEC §7 `proceed/{id}` with `pwdotp`). */
export interface MobileAesAttempt {
  pwdotp: string
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
  | 'signing.mobile_aes_failed'

/** Context of the signing overlay flow. */
export interface SigningContext {
  /** True while an overlay's handler runs (SPEC §4); the overlay shows it as busy. */
  loading: boolean
  tan?: string
  part11?: Part11Confirmation
  /** Why the last handler failed; the overlay stays open so the user can retry. */
  errorCode?: SigningErrorCode
}

/** Events of the signing overlay flow. */
export type SigningEvent =
  | { type: 'signing.start'; credit: SigningCredit }
  | { type: 'signing.retry' }
  | { type: 'tan.submit'; tan: string }
  | { type: 'tan.resend' }
  | { type: 'tan.retry' }
  | { type: 'mobileAes.submit'; pwdotp: string }
  | { type: 'part11.submit'; signingName: string; signingReason: string }
  | { type: 'overlay.close' }
  /** The router left the page the flow was opened on. */
  | { type: 'signing.leave' }
