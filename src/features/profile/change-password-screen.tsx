import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { checkPassword, passwordMinLength } from '../../../machines/password/password-policy.ts'
import { ApiError } from '../../api/client.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { getUserQueryOptions, userAttribute, useUser } from '../../api/user.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import styles from './profile.module.css'
import { changePassword } from './profile-calls.ts'

type Field = 'old' | 'new' | 'repeat'

/**
 * /profile/change-password: the current password, a new one with live feedback from the shared
 * policy, and the new one again. A user with a weak password is sent here (SPEC §6) and told why.
 */
export function ChangePasswordScreen() {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: user } = useUser(api)
  const [values, setValues] = useState<Record<Field, string>>({ old: '', new: '', repeat: '' })
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({})
  const [saving, setSaving] = useState(false)
  const weak = userAttribute(user, 'weak_password') === 'true'
  const policy = values.new ? checkPassword(values.new, user?.email) : null

  const set = (field: Field) => (value: string) => {
    setValues({ ...values, [field]: value })
    setErrors({ ...errors, [field]: undefined })
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const found: Partial<Record<Field, string>> = {
      old: values.old ? undefined : i18n._(formMessages.required),
      new: !values.new ? i18n._(formMessages.required) : policy ? i18n._(errorMessage(policy)) : undefined,
      repeat: !values.repeat
        ? i18n._(formMessages.required)
        : values.repeat !== values.new
          ? i18n._(msg`The passwords do not match.`)
          : undefined,
    }
    setErrors(found)
    if (found.old || found.new || found.repeat) return
    setSaving(true)
    try {
      await changePassword(api, { old: values.old, new: values.new })
      // The guard forces this page while weak_password is set; the server has cleared it now.
      await queryClient.refetchQueries({ queryKey: getUserQueryOptions(api).queryKey })
      showSnackbar(ui.snackbars, { message: msg`Your password has been changed.`, color: 'success' })
      await navigate({ to: '/dashboard' })
    } catch (error) {
      const code = errorCode(error)
      const field = error instanceof ApiError ? error.field : undefined
      const message = i18n._(errorMessage(code))
      if (field === 'old' || code === 'auth.wrong_password') setErrors({ old: message })
      else if (field === 'new' || code.startsWith('password.')) setErrors({ new: message })
      else setErrors({ form: message })
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className={styles.page}>
      {weak ? null : (
        <Link to="/profile" className={styles.back}>
          <Trans>Back to your profile</Trans>
        </Link>
      )}
      <header className={styles.header}>
        <h1>
          <Trans>Change password</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>Enter your current password, then choose a new one.</Trans>
        </p>
      </header>
      {weak ? (
        <FormAlert tone="info">
          <Trans>
            Your password no longer meets our password rules. To keep your account safe, please choose a new
            one before you go on.
          </Trans>
        </FormAlert>
      ) : null}
      <form className={styles.card} onSubmit={onSubmit} noValidate>
        {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
        <TextField
          label={<Trans>Current password</Trans>}
          type="password"
          name="old"
          autoComplete="current-password"
          required
          value={values.old}
          onChange={(e) => set('old')(e.target.value)}
          error={errors.old}
        />
        <TextField
          label={<Trans>New password</Trans>}
          type="password"
          name="new"
          autoComplete="new-password"
          required
          value={values.new}
          onChange={(e) => set('new')(e.target.value)}
          error={errors.new}
          helper={
            <span className={styles.policy} data-ok={values.new !== '' && policy === null} aria-live="polite">
              {values.new === '' ? (
                <Trans>Use at least {passwordMinLength} characters with letters and digits.</Trans>
              ) : policy ? (
                i18n._(errorMessage(policy))
              ) : (
                <Trans>This password meets our rules.</Trans>
              )}
            </span>
          }
        />
        <TextField
          label={<Trans>Repeat the new password</Trans>}
          type="password"
          name="repeat"
          autoComplete="new-password"
          required
          value={values.repeat}
          onChange={(e) => set('repeat')(e.target.value)}
          error={errors.repeat}
        />
        <div className={styles.formActions}>
          <BusyButton type="submit" busy={saving}>
            <Trans>Change password</Trans>
          </BusyButton>
        </div>
      </form>
    </div>
  )
}
