import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'

/** Codes that are about the password the dialog asked for, shown at the field. */
const passwordCodes = new Set(['auth.wrong_password', 'password.wrong', 'request.invalid'])

/** SPEC §2 profile dialog: deleting the account, confirmed with the password; the action is the opener's. */
export function DeleteAccountDialog({ loading, error, submit, close }: DialogContentProps<void, string>) {
  const { i18n } = useLingui()
  const [password, setPassword] = useState('')
  const [missing, setMissing] = useState(false)
  const code = error ? errorCode(error) : undefined
  const fieldError = missing
    ? i18n._(formMessages.required)
    : code && passwordCodes.has(code)
      ? i18n._(errorMessage(code))
      : undefined
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setMissing(password === '')
    if (password !== '') submit(password)
  }
  return (
    <DialogFrame
      onSubmit={onSubmit}
      title={<Trans>Delete your account?</Trans>}
      description={
        <Trans>
          Your account, your settings and your personal data are deleted for good. This cannot be undone.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton type="submit" busy={loading}>
            <Trans>Delete account</Trans>
          </BusyButton>
        </>
      }
    >
      {code && !passwordCodes.has(code) ? <FormAlert>{i18n._(errorMessage(code))}</FormAlert> : null}
      <TextField
        label={<Trans>Your password</Trans>}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => {
          setPassword(event.target.value)
          setMissing(false)
        }}
        error={fieldError}
        disabled={loading}
      />
    </DialogFrame>
  )
}
