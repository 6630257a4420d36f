/** Why a single sign-on stopped; the app's /sso/error page receives it as `reason`. */
const ssoReasons = [
  'access_denied',
  'provider_error',
  'provider_unreachable',
  'state_invalid',
  'token_refused',
  'id_token_invalid',
  // SAML: an assertion unsigned or signed by another key, expired, for another audience or recipient, used before.
  'signature_invalid',
  'assertion_expired',
  'assertion_misaddressed',
  'assertion_replayed',
  'assertion_invalid',
  'email_unverified',
  'request_invalid',
  // Too many sign-ins begun from one address: each writes a request that waits for its answer.
  'rate_limited',
  'server_error',
  // Both send the user to /sso/error/company: the company is not set up, or the provider is not its own.
  'company_unknown',
  'company_mismatch',
] as const

/** One of {@link ssoReasons}. */
export type SsoReason = (typeof ssoReasons)[number]

/** A single sign-on that cannot go on; answered with a redirect to the app's error page. */
export class SsoError extends Error {
  readonly reason: SsoReason

  constructor(reason: SsoReason, message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.name = 'SsoError'
    this.reason = reason
  }

  /** The app page that explains this failure. */
  get appPath(): string {
    return this.reason.startsWith('company_')
      ? '/sso/error/company'
      : `/sso/error?reason=${encodeURIComponent(this.reason)}`
  }
}
