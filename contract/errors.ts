import * as v from 'valibot'

/** Stable codes of the password policy (SPEC §5), answered by check-password and by calls that set one. */
export const passwordErrorCodes = [
  'password.too_short',
  'password.too_long',
  'password.needs_letter',
  'password.needs_digit',
  'password.contains_email',
  'password.too_common',
] as const

/** One of {@link passwordErrorCodes}. */
export type PasswordErrorCode = (typeof passwordErrorCodes)[number]

/** Stable machine-readable error codes the API answers with; later issues add theirs here. */
export const errorCodes = [
  'route.not_found',
  'request.malformed_json',
  'request.unsupported_media_type',
  'request.invalid',
  'server.error',
  'server.unavailable',
  /** No usable `Authorization: Bearer <token>`: missing, unknown or revoked. */
  'auth.unauthenticated',
  /** The bearer token was good but its lifetime is over. */
  'auth.token_expired',
  /** Sign-in with an address and password that do not match an account; never says which one was wrong. */
  'auth.invalid_credentials',
  /** Too many failed sign-ins for the account or the client address; see the Retry-After header. */
  'auth.too_many_attempts',
  /** The current password given to confirm a change (`old`, `password`) is wrong. */
  'auth.wrong_password',
  /** A mailed confirmation or reset token is unknown or already used. */
  'token.invalid',
  /** A mailed confirmation or reset token is past its lifetime. */
  'token.expired',
  /** Registration for an address that already has an account. */
  'user.already_exists',
  /** PUT /v1/user tried to set an attribute that only the server sets. */
  'user.attribute_read_only',
  /** No mail with this id in the development outbox. */
  'outbox.mail_not_found',
  /** The status page cannot be read and no recent answer is known (GET /v1/status). */
  'status.unavailable',
  ...passwordErrorCodes,
] as const

/** One of {@link errorCodes}. */
export type ErrorCode = (typeof errorCodes)[number]

/**
 * The one shape of every error the API answers with. `field` names the first wrong input (a dot path in
 * wire case, e.g. `signers.0.email_address`): `request.invalid` has it unless the body as a whole is wrong,
 * and so do the errors about one input (`password.*`, `token.*`, `auth.wrong_password`,
 * `user.attribute_read_only`).
 */
export const apiErrorSchema = v.object({
  status: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)),
  code: v.picklist(errorCodes),
  message: v.string(),
  path: v.string(),
  field: v.optional(v.string()),
})

/** An error answer of the API, as it is on the wire (its keys are the same in both cases). */
export type ApiErrorBody = v.InferOutput<typeof apiErrorSchema>
