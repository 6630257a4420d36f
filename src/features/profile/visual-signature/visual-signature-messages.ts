import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type ErrorCodeOf, errorMessage } from '../../../api/error-messages.ts'

const messages: Record<ErrorCodeOf<'visual_signature'>, MessageDescriptor> = {
  'visual_signature.image_invalid': msg`Choose a PNG or JPEG image of at most 1 MB.`,
  'visual_signature.not_found': msg`This signature no longer exists. Reload the page.`,
}

/** The message of a visual signature call's error code. */
export function visualSignatureErrorMessage(code: string): MessageDescriptor {
  return messages[code as keyof typeof messages] ?? errorMessage(code)
}
