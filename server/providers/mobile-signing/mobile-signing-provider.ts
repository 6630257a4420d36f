/**
 * A mobile signing provider (SPEC §7 `{mobile-signing-provider}`): reaches the signer's phone to confirm a
 * qualified signature. A real one (Swisscom AIS with Mobile ID, an SMS gateway) sends the message and
 * answers its own reference, by which a later callback (`POST /respond/{id}`) names the transaction; the
 * sandbox writes the SMS to the development outbox.
 */
export interface MobileSigningProvider {
  /** The provider's name in the routes, e.g. `mobileid` in `/v3/mobileid/proceed/{id}`. */
  readonly name: string
  /**
   * Sends `message` to `mobile` (international format) for the transaction `ref` (our mobile signing id);
   * answers the provider's reference of the message.
   */
  send(mobile: string, message: string, ref: string): Promise<string>
}

/**
 * The provider refused the number itself (not a valid mobile number, unreachable by SMS, opted out of
 * messages): sending to it again fails again. The message says why, in the provider's words.
 */
export class MobileNumberRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MobileNumberRefused'
  }
}

/**
 * The provider did not take the message (unreachable, failing, overloaded, or refusing our own account):
 * nothing was sent, and a later try may work.
 */
export class MobileProviderUnavailable extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.name = 'MobileProviderUnavailable'
  }
}
