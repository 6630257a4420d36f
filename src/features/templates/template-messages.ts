import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type ErrorCodeOf, errorMessage } from '../../api/error-messages.ts'

/** What the template calls' own refusals mean to the user. */
const templateMessages: Record<ErrorCodeOf<'template'>, MessageDescriptor> = {
  'template.not_found': msg`This template does not exist any more, or you may not use it.`,
}

/** The message for a refused template call; other codes get the app's messages. */
export function templateErrorMessage(code: string): MessageDescriptor {
  return templateMessages[code as keyof typeof templateMessages] ?? errorMessage(code)
}
