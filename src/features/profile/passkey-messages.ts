import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { errorMessage, type ProfileCode } from '../../api/error-messages.ts'

const messages: Record<ProfileCode, MessageDescriptor> = {
  'passkey.exists': msg`This passkey is registered already.`,
  'passkey.not_found': msg`This passkey has been removed already.`,
}

/** The message of a passkey call's error code. */
export function passkeyErrorMessage(code: string): MessageDescriptor {
  return messages[code as keyof typeof messages] ?? errorMessage(code)
}
