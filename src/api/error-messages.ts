import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ErrorCode } from '../../contract/errors.ts'
import { passwordMaxLength, passwordMinLength } from '../../machines/password/password-policy.ts'
import { ApiError } from './client.ts'

/** The server's error codes that begin with one of the prefixes, such as `ErrorCodeOf<'seal'>`. */
export type ErrorCodeOf<Prefix extends string> = Extract<ErrorCode, `${Prefix}.${string}`>

/**
 * The prefixes of the codes whose words sit in a feature's own map and catalog, loaded with its screens, so /login
 * does not carry them: each feature's map is typed by its prefixes, so a code without words fails to compile.
 */
type FeaturePrefix =
  | 'document'
  | 'signature_request'
  | 'attachment'
  | 'template'
  | 'public_template'
  | 'bulk_send'
  | 'business'
  | 'billing'
  | 'api_user'
  | 'signer_group'
  | 'seal'
  | 'direct'
  | 'tan'
  | 'mobile_signing'
  | 'signing'
  | 'identification'
  | 'visual_signature'
  | 'validation'
  | 'referral'
  | 'survey'
  | 'embed'

/** Codes of a prefix /login shows whose words sit with the one screen that meets them (/profile/security). */
export type ProfileCode = 'passkey.exists' | 'passkey.not_found'

/**
 * The translated message of each error code the server answers outside the features' prefixes, and of the app's
 * own codes (STYLE: errors are values with a stable code, mapped to a message at the edge of the UI).
 */
const messages: Record<Exclude<ErrorCode, ErrorCodeOf<FeaturePrefix> | ProfileCode>, MessageDescriptor> &
  Record<string, MessageDescriptor> = {
  'network.unreachable': msg`We cannot reach the server. Please check your connection and try again.`,
  'server.error': msg`Something went wrong on our side. Please try again.`,
  'server.unavailable': msg`The service is briefly unavailable. Please try again in a moment.`,
  'server.busy': msg`We are very busy right now. Please try again in a moment.`,
  'request.rate_limited': msg`You have sent many requests in a short time. Please wait a minute and try again.`,
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
  'auth.sign_in_expired': msg`This sign-in has expired. Please enter your password again.`,
  'second_factor.invalid_code': msg`This code is not correct.`,
  'second_factor.code_used': msg`This code was used already. Please wait for the next code of your app.`,
  'second_factor.enabled': msg`Two-step verification is on already.`,
  'second_factor.no_setup': msg`Please start setting up two-step verification again.`,
  'second_factor.required': msg`Your business requires two-step verification, so it stays on.`,
  'second_factor.unavailable': msg`Two-step verification is not available on this server.`,
  'passkey.challenge_expired': msg`This passkey request has expired. Please try again.`,
  'passkey.refused': msg`This passkey could not be verified.`,
  'passkey.cancelled': msg`The passkey was not used.`,
  'session.not_found': msg`This session has ended already.`,
  'session.none': msg`Please sign in with your password to do this.`,
  'user.attribute_read_only': msg`This setting cannot be changed here.`,
  'route.not_found': msg`This part of the service does not exist. Please reload the page; if it keeps happening, contact our support.`,
  'request.malformed_json': msg`The app sent something the server could not read. Please reload the page and try again.`,
  'request.too_deep': msg`The app sent something the server could not read. Please reload the page and try again.`,
  'request.unsupported_media_type': msg`The app sent something the server could not read. Please reload the page and try again.`,
  'request.too_large': msg`What you sent is too large. Please shorten it and try again.`,
  'operator.token_invalid': msg`This operator token is not valid.`,
  'outbox.mail_not_found': msg`This mail is no longer in the outbox.`,
  'status.unavailable': msg`The service status cannot be read just now. Please try again in a moment.`,
  'pki.ocsp_request_malformed': msg`This certificate status request cannot be read.`,
  'pki.ca_not_found': msg`This certification authority is not known here.`,
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
