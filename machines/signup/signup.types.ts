/** What the visitor types across the signup steps; kept while moving back and forth. */
export interface SignupValues {
  firstName: string
  lastName: string
  password: string
  /** The general terms are accepted (required). */
  gtc: boolean
  /** The language the account starts with (a supported locale). */
  lang: string
}

/** A field of the signup steps. */
export type SignupField = 'firstName' | 'lastName' | 'password' | 'gtc'

/** An error code per field: generic form codes (`required`) or the server's codes (`password.too_short`). */
export type SignupErrors = Partial<Record<SignupField, string>>

/** How a registration call fails: the server's stable code and, for bad input, the wire-case field. */
export interface RegisterFailure {
  code: string
  field?: string
}

/** What the register actor is given: the values and the confirmation token of the mailed link. */
export interface RegisterInput {
  values: SignupValues
  token: string
}

/** What the register actor answers: the new account's token. */
export interface RegisterAnswer {
  token: string
}

/** Input of the signup machine. */
export interface SignupInput {
  /** The confirmation token from the mailed link. */
  token: string
  /** The confirmed address; a password that contains its local part is refused. */
  email: string
  /** @default 'en-gb' */
  lang?: string
}

/** Context of the signup machine. */
export interface SignupContext {
  token: string
  email: string
  values: SignupValues
  errors: SignupErrors
  /** A form-level error code (e.g. `user.already_exists`), shown above the current step. */
  formError: string | null
  /** The account token once registered. */
  accountToken: string | null
}

/** Events of the signup machine. */
export type SignupEvent =
  /** The visitor typed or ticked something; only the given values change. */
  | { type: 'signup.change'; values: Partial<SignupValues> }
  /** Next step, or register on the last one; refused with field errors when the step is not valid. */
  | { type: 'signup.next' }
  | { type: 'signup.back' }
