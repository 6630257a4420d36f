/** What the password step sends: POST /v1/login's body. */
export interface PasswordInput {
  email: string
  password: string
  rememberMe: boolean
}

import type { SecondFactorKind } from '../../contract/user.ts'

/** What the password step answers: a token, or the challenge of the second factor to ask for and its kinds. */
export type PasswordOutcome =
  | { kind: 'token'; token: string }
  | { kind: 'secondFactor'; challenge: string; secondFactors: SecondFactorKind[] }

/** What the code step sends: POST /v1/login/second-factor's body. */
export interface CodeInput {
  challenge: string
  code: string
}

/**
 * What a passkey step sends: for a passkey alone, no challenge and the remember-me choice; as the second
 * factor, the challenge of the right password.
 */
export interface PasskeyInput {
  challenge: string | null
  rememberMe: boolean
}

/** Context of the login machine. */
export interface LoginContext {
  rememberMe: boolean
  /** The challenge of a right password while the code is asked for. */
  challenge: string | null
  /** The second factors the account can give while the challenge waits (`totp`, `passkey`). */
  secondFactors: SecondFactorKind[]
  /** The token once every step passed. */
  token: string | null
  /** The last refusal as the actor rejected with it (an API error with its code), for the screen to word. */
  failure: unknown
}

/** Events the login machine accepts. */
export type LoginEvent =
  | ({ type: 'password.submit' } & PasswordInput)
  | { type: 'code.submit'; code: string }
  /** Sign in with a passkey: alone from the password step (with remember me), or as the second factor. */
  | { type: 'passkey.start'; rememberMe: boolean }
  /** Back to the password: the sign-in waiting for a code expired, or the user starts again. */
  | { type: 'code.cancel' }
