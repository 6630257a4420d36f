/** Where to send the user when a direct-sign flow ends (SPEC §3 exit-redirect settings). */
export interface ExitRedirect {
  /** Where to go after signing; absent when the query gave none or an unsafe one. */
  exitUrl?: string
  /** Where to go after an error. @default exitUrl */
  errorUrl?: string
  /** Where to go after a decline. @default exitUrl */
  declineUrl?: string
  /** Seconds of countdown before leaving; 0 leaves at once. @default 45 */
  timeout: number
  /** Whether a decline leaves to the decline URL too. @default false */
  shouldDeclineRedirect: boolean
}

/** How a direct-sign flow ended, which picks the redirect target. */
export type RedirectOutcome = 'signed' | 'error' | 'declined'

/** Input of the post-signing redirect machine. */
export interface RedirectInput {
  /** The request the user last opened; the redirect runs only for that one (SPEC §4). */
  lastViewedRequestId: string | undefined
  /** Where to leave to at zero. */
  url: string
  /** Seconds to count down, as parsed by parseExitRedirect; 0 leaves at once. */
  timeout: number
}

/** Context of the post-signing redirect machine. */
export interface RedirectContext {
  lastViewedRequestId: string | undefined
  url: string
  /** Whole seconds left before leaving. */
  remaining: number
}

/** Events of the post-signing redirect machine. */
export type RedirectEvent =
  /** A request was signed: start the countdown if it is the last viewed one. */
  | { type: 'redirect.start'; requestId: string }
  /** The user stays in the app. */
  | { type: 'redirect.cancel' }
  /** The user goes back now, before the countdown ends. */
  | { type: 'redirect.leaveNow' }
