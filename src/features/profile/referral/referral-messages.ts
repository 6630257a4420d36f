import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type ErrorCodeOf, errorMessage } from '../../../api/error-messages.ts'

const messages: Record<ErrorCodeOf<'referral'>, MessageDescriptor> = {
  // SPEC §8: the app never shows it (no widget is the answer); words for anyone who reads the code's meaning.
  'referral.unavailable': msg`Referrals are not available here.`,
}

/** The message of a referral call's error code. */
export function referralErrorMessage(code: string): MessageDescriptor {
  return messages[code as keyof typeof messages] ?? errorMessage(code)
}
