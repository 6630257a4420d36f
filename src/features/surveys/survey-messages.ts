import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type ErrorCodeOf, errorMessage } from '../../api/error-messages.ts'

const messages: Record<ErrorCodeOf<'survey'>, MessageDescriptor> = {
  'survey.not_due': msg`Thank you, we have your answer already.`,
}

/** The message of a survey call's error code. */
export function surveyErrorMessage(code: string | undefined): MessageDescriptor {
  return messages[code as keyof typeof messages] ?? errorMessage(code)
}
