import type { MessageDescriptor } from '@lingui/core'
import { camelKey } from '../../../contract/case.ts'
import { ApiError } from '../../api/client.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { type FormMessageCode, formMessages } from '../../ui/form/form-messages.ts'

/** The errors a form shows: one message per field, and one for the form as a whole. */
export interface FormErrors<F extends string> {
  fields: Partial<Record<F, MessageDescriptor>>
  form?: MessageDescriptor
}

/** The message of an error code on a field: generic form codes first, then the server's codes. */
export function fieldMessage(code: string, field?: string): MessageDescriptor {
  if (code in formMessages) return formMessages[code as FormMessageCode]
  // The server's generic refusal names the field; the field's kind says what was wrong with it.
  if (code === 'request.invalid') return field === 'email' ? formMessages.email : formMessages.invalidFormat
  return errorMessage(code)
}

/**
 * Splits what a call threw into the message of the field the server named (when the form has
 * it) or a form-level message.
 */
export function apiErrors<F extends string>(error: unknown, fields: readonly F[]): FormErrors<F> {
  const code = errorCode(error)
  const named = error instanceof ApiError && error.field ? camelKey(error.field) : undefined
  const field = fields.find((f) => f === named)
  if (field) return { fields: { [field]: fieldMessage(code, field) } as FormErrors<F>['fields'] }
  return { fields: {}, form: errorMessage(code) }
}
