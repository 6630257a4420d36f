import { useLingui } from '@lingui/react/macro'
import { errorCode } from '../../api/error-messages.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { requestErrorMessage } from './request-messages.ts'

/** Why a request dialog's action failed, after what the dialog tried (`prefix`), if it has one. */
export function ErrorAlert({ error, prefix }: { error: unknown; prefix?: string }) {
  const { i18n } = useLingui()
  if (!error) return null
  const reason = i18n._(requestErrorMessage(errorCode(error)))
  return <FormAlert>{prefix ? `${prefix} ${reason}` : reason}</FormAlert>
}
