import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { passwordMaxLength, passwordMinLength } from '../../machines/password/password-policy.ts'
import { ApiError } from './client.ts'

/**
 * The translated message of each error code the server answers (STYLE: errors are values with
 * a stable code, mapped to a message at the edge of the UI). Features add their codes here.
 */
const messages: Record<string, MessageDescriptor> = {
  'network.unreachable': msg`We cannot reach the server. Please check your connection and try again.`,
  'server.error': msg`Something went wrong on our side. Please try again.`,
  'server.unavailable': msg`The service is briefly unavailable. Please try again in a moment.`,
  'server.busy': msg`We are very busy right now. Please try again in a moment.`,
  'request.rate_limited': msg`You have sent many requests in a short time. Please wait a minute and try again.`,
  'validation.too_complex': msg`This PDF is too large or too complex to check here.`,
  'request.invalid': msg`Please check the highlighted field.`,
  'auth.unauthenticated': msg`Please sign in to continue.`,
  'auth.token_expired': msg`Your session has expired. Please sign in again.`,
  'auth.invalid_credentials': msg`The e-mail address or password is not correct.`,
  'auth.invalid_credentials_last_try': msg`The e-mail address or password is not correct. One more wrong try pauses signing in for a while.`,
  'auth.too_many_attempts': msg`Too many attempts. Please wait a moment and try again.`,
  'password.too_short': msg`Use at least ${passwordMinLength} characters.`,
  'password.too_long': msg`Use at most ${passwordMaxLength} characters.`,
  'password.needs_letter': msg`Use at least one letter.`,
  'password.needs_digit': msg`Use at least one digit.`,
  'password.contains_email': msg`Do not use your e-mail address in your password.`,
  'password.too_common': msg`This password is too common. Please choose another.`,
  'token.invalid': msg`This link is not valid any more. Please request a new one.`,
  'token.expired': msg`This link has expired. Please request a new one.`,
  'user.already_exists': msg`There is already an account for this e-mail address. Please sign in, or reset your password.`,
  'session.sign_in_failed': msg`We could not sign you in. Please try again.`,
  'auth.wrong_password': msg`This password is not correct.`,
  'user.attribute_read_only': msg`This setting cannot be changed here.`,
  'dialog.action_failed': msg`That did not work. Please try again.`,
}

const fallback = msg`Something went wrong. Please try again.`

/** The message for an error code, or a generic one for codes the app does not know. */
export function errorMessage(code: string | undefined): MessageDescriptor {
  return (code && messages[code]) || fallback
}

/**
 * The code of anything a call threw. The client turns network failures into ApiErrors of their own
 * (`network.unreachable`), so anything else is a fault on our side, such as an answer of an unexpected shape.
 */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'server.error'
}
