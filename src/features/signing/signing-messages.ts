import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SigningErrorCode } from '../../../machines/signing/signing.types.ts'
import { type ErrorCodeOf, errorCode, errorMessage } from '../../api/error-messages.ts'
import { SigningFailure } from './signing-failure.ts'

const signingMessages: Record<SigningErrorCode, MessageDescriptor> = {
  'signing.failed': msg`Your signature could not be added. Please try again.`,
  'signing.not_complete': msg`Signing is not complete yet. Please try again.`,
  'signing.tan_resend_failed': msg`We could not send a new TAN. Please wait a moment and try again.`,
  'signing.mobile_aes_failed': msg`Signing on your phone did not work. Please try again.`,
  'signing.tan_invalid': msg`This TAN is not right. Check the digits in the latest e-mail.`,
  'signing.part11_invalid': msg`This password is not right. Enter the password you sign in with.`,
  'signing.otp_expired': msg`This one-time password has expired. Ask for a new SMS.`,
  'signing.second_factor_invalid': msg`This code is not right. Enter the code your authenticator app shows now.`,
  'signing.second_factor_used': msg`This code was used already. Wait for the next code of your authenticator app.`,
}

// The server's refusals of a sign call, in the words of the signer.
const refusalMessages: Record<
  ErrorCodeOf<'direct' | 'tan' | 'mobile_signing' | 'signing'>,
  MessageDescriptor
> &
  Record<string, MessageDescriptor> = {
  'signature_request.not_open': msg`This request is no longer open for signing.`,
  'signature_request.expired': msg`This request has expired and can no longer be signed.`,
  'signature_request.ended': msg`This request is no longer open for signing.`,
  'signature_request.already_signed': msg`You have signed this request already.`,
  'signature_request.signer_not_open': msg`Your signature on this request is no longer asked for.`,
  'signature_request.not_your_turn': msg`It is not your turn yet: the earlier signers sign first, then you get an e-mail.`,
  'signature_request.not_a_signer': msg`You are not a signer of this request.`,
  'signing.document_unsignable': msg`A document of this request cannot be signed. Please ask the sender for a new version.`,
  'signing.account_sign_in_required': msg`The sender asks you to sign in to your account with the invited e-mail address to sign.`,
  'signing.second_factor_required': msg`The sender asks you to confirm your signature with a code of your authenticator app.`,
  'signing.second_factor_not_set_up': msg`The sender asks you to confirm your signature with two-step verification. Set it up first.`,
  'signing.certificate_unusable': msg`Your certificate at the trust service provider is revoked or expired, so no qualified signature can be made with it. Please contact the trust service provider.`,
  'mobile_signing.mobile_missing': msg`A qualified signature is confirmed with a code sent to your mobile phone. Register your mobile number first.`,
  'mobile_signing.number_invalid': msg`This is not a mobile number. Enter it with its country code, for example +41 79 123 45 67.`,
  'mobile_signing.mobile_invalid': msg`We cannot send an SMS to your mobile number. Register a mobile number that receives SMS.`,
  'mobile_signing.closed': msg`This qualified signing was cancelled. Sign again to get a new SMS.`,
  'mobile_signing.not_found': msg`This qualified signing is no longer under way. Sign again to get a new SMS.`,
  'mobile_signing.webhook_invalid': msg`The SMS provider's message could not be verified and was ignored.`,
  'direct.invalid_token': msg`This link is not valid any more. Please open the link from the latest e-mail.`,
  'tan.invalid': msg`This TAN is not right. Check the digits in the latest e-mail.`,
  'tan.expired': msg`This TAN has expired. Ask for a new one and enter it within 10 minutes.`,
  'tan.locked': msg`Too many wrong TANs. Ask for a new TAN to try again.`,
  'tan.resend_too_soon': msg`A TAN was sent less than a minute ago. Please check your e-mail, or wait a moment before asking again.`,
}

/**
 * The message for what a signing step threw or the machine kept: a signing machine code, a server answer, or
 * the code of one.
 */
export function signingErrorMessage(error: unknown): MessageDescriptor {
  if (error instanceof SigningFailure) return signingMessages[error.code]
  const code = typeof error === 'string' ? error : errorCode(error)
  return refusalMessages[code] ?? errorMessage(code)
}
