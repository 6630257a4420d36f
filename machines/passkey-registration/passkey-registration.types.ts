/** Input of the `requestOptions` actor: POST /v1/user/passkeys/options, which checks the password. */
export interface RequestOptionsInput {
  password: string
}

/** Input of the `createPasskey` actor: the browser's prompt for a new passkey. */
export interface CreatePasskeyInput {
  /** The WebAuthn creation options as JSON text, as the server answered them. */
  options: string
}

/** Input of the `savePasskey` actor: POST /v1/user/passkeys. */
export interface SavePasskeyInput {
  name: string
  /** The credential the authenticator made, as JSON text. */
  credential: string
}

/** Context of the passkey registration machine. */
export interface PasskeyRegistrationContext {
  /** The name the user gave the new passkey, kept until it is saved. */
  name: string
  /** The options of the server while the authenticator is asked. */
  options: string | null
  /** The authenticator's credential while it is saved. */
  credential: string | null
  /** The last refusal as the actor rejected with it (an API error with its code), for the screen to word. */
  failure: unknown
}

/** Events the passkey registration machine accepts. */
export type PasskeyRegistrationEvent = { type: 'passkey.add'; name: string; password: string }
