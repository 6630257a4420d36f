import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type ErrorCodeOf, errorMessage } from '../../api/error-messages.ts'

/** Why the server refused a PDF to check: its validation codes, and the upload codes in this screen's words. */
const messages: Record<ErrorCodeOf<'validation'>, MessageDescriptor> & Record<string, MessageDescriptor> = {
  'validation.pdf_unreadable': msg`This PDF cannot be read: it is damaged or not a PDF at all.`,
  'validation.too_complex': msg`This PDF is too large or too complex to check here.`,
  'document.not_pdf': msg`This file is not a PDF.`,
  'document.empty': msg`This file is empty.`,
  'document.too_large': msg`This file is too large to check here.`,
}

/** The message of a validation call's error code, or the app's own for other codes. */
export function validationErrorMessage(code: string): MessageDescriptor {
  return messages[code] ?? errorMessage(code)
}
