import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BulkRowProblem } from '../../../contract/bulk-sends.ts'
import { type ErrorCodeOf, errorMessage } from '../../api/error-messages.ts'

/** What the template and bulk send calls' own refusals mean to the user. */
const templateMessages: Record<
  ErrorCodeOf<'template' | 'public_template' | 'bulk_send'>,
  MessageDescriptor
> = {
  'template.not_found': msg`This template does not exist any more, or you may not use it.`,
  'public_template.not_found': msg`This link does not work any more. Ask whoever gave it to you for a new one.`,
  'public_template.not_one_role': msg`A public link needs a template with exactly one role.`,
  'public_template.role_authenticates': msg`A public link's visitor only confirms their e-mail address: choose “E-mail link with TAN, or their account” for the role to switch the link on.`,
  'public_template.visit_not_found': msg`This code request is unknown. Please ask for a new code.`,
  'public_template.code_invalid': msg`This code is not right. Check the digits in the latest e-mail.`,
  'public_template.code_expired': msg`This code has expired. Ask for a new one and enter it within 10 minutes.`,
  'public_template.code_locked': msg`Too many wrong codes. Ask for a new code to try again.`,
  'bulk_send.not_found': msg`This bulk send does not exist, or it is not yours.`,
  'bulk_send.file_too_large': msg`The file is too large. Please send at most 5 MB or split it into several files.`,
  'bulk_send.unsupported_file': msg`Please choose a CSV or an Excel (XLSX) file.`,
  'bulk_send.unreadable_file': msg`The file cannot be read. Please save it as CSV (UTF-8) or XLSX and try again.`,
  'bulk_send.too_many_rows': msg`The file has more than 5,000 rows. Please split it into several files.`,
  'bulk_send.unknown_column': msg`The file has a column this template does not know.`,
  'bulk_send.missing_column': msg`The file lacks the e-mail column of a role.`,
  'bulk_send.column_twice': msg`The file has the same column twice.`,
  'bulk_send.no_rows': msg`The file has no rows under its header.`,
  'bulk_send.no_valid_rows': msg`No row of the file can be sent. Please correct the rows and try again.`,
}

/** The message for a refused template call; other codes get the app's messages. */
export function templateErrorMessage(code: string): MessageDescriptor {
  return templateMessages[code as keyof typeof templateMessages] ?? errorMessage(code)
}

/** What is wrong with a cell of a bulk send's row, in words. */
export const bulkRowProblemMessages: Record<BulkRowProblem, MessageDescriptor> = {
  required: msg`The e-mail address is missing.`,
  email: msg`This is not an e-mail address.`,
  email_twice: msg`The same address is given for two roles.`,
  too_long: msg`The value is too long.`,
  date: msg`Write the date as YYYY-MM-DD.`,
  checkbox: msg`Write true or false.`,
  spaces: msg`Remove the spaces at the start or end.`,
  language: msg`Write en-gb, de-ch, fr-ch or it.`,
}
