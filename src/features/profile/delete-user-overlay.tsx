import { Dialog } from '@ark-ui/react/dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import styles from './profile.module.css'

/** What the delete user overlay is opened with: the business the user leaves, if any. */
export interface DeleteUserProps {
  businessName: string | null
}

/** Codes that are about the password the overlay asked for, shown at the field. */
const passwordCodes = new Set(['auth.wrong_password', 'request.invalid'])

/**
 * SPEC §2 full-screen overlay "delete user": what deleting the account changes, and the password that confirms
 * it. Its action (the opener's) deletes the account; a wrong password is said at the field and it stays.
 */
export function DeleteUserOverlay({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<DeleteUserProps, string>) {
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
  const business = props.businessName
  return (
    <form className={styles.deleteUser} onSubmit={onSubmit} noValidate>
      <Dialog.Title>
        <Trans>Delete your account for good</Trans>
      </Dialog.Title>
      <Dialog.Description>
        <Trans>Deleting your account changes the following, for good:</Trans>
      </Dialog.Description>
      <ul className={styles.consequences}>
        <li>
          <Trans>
            Your account, your settings, your visual signatures and your personal data are deleted. You can no
            longer sign in.
          </Trans>
        </li>
        <li>
          <Trans>
            The documents you uploaded and the signature requests you sent are deleted with your account.
          </Trans>
        </li>
        <li>
          <Trans>
            Your signatures on other people’s documents stay in those documents, which their owners keep as
            their retention settings say.
          </Trans>
        </li>
        {business ? (
          <>
            <li>
              <Trans>Your membership of {business} ends.</Trans>
            </li>
            <li>
              <Trans>
                The subscription of {business} goes on: it belongs to the business, and its admins manage it
                in Billing.
              </Trans>
            </li>
          </>
        ) : null}
      </ul>
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
      <div className={styles.deleteUserActions}>
        <Button variant="secondary" size="lg" onClick={close} disabled={loading}>
          <Trans>Keep my account</Trans>
        </Button>
        <BusyButton type="submit" size="lg" busy={loading}>
          <Trans>Delete my account</Trans>
        </BusyButton>
      </div>
    </form>
  )
}
