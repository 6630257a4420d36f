import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { checkPassword } from '../../../machines/password/password-policy.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { Button } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'
import { apiErrors, type FormErrors } from './form-errors.ts'
import { PasswordFeedback } from './password-feedback.tsx'
import { useAuthCalls } from './use-auth-calls.ts'
import { useFormErrors } from './use-form-errors.ts'

const route = getRouteApi('/password-reset/new')

type Field = 'password' | 'repeat'

const mismatch = msg`The passwords do not match.`

/** /password-reset/new?token= (SPEC §2): a new password, twice, for the account of the mailed link. */
export function PasswordResetNewScreen() {
  const { token, email } = route.useSearch()
  const { t, i18n } = useLingui()
  const calls = useAuthCalls()
  const navigate = useNavigate()
  const feedbackId = useId()
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const { form, errors, refuse, clear } = useFormErrors<Field>()
  const [linkInvalid, setLinkInvalid] = useState(!token)
  const [pending, setPending] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending || !token) return
    const fields: FormErrors<Field>['fields'] = {}
    const policy = password ? checkPassword(password, email) : null
    if (!password) fields.password = formMessages.required
    else if (policy) fields.password = errorMessage(policy)
    if (!repeat) fields.repeat = formMessages.required
    else if (repeat !== password) fields.repeat = mismatch
    if (fields.password || fields.repeat) return refuse({ fields })
    clear()
    setPending(true)
    try {
      await calls.resetPassword({ token, new: password })
      await navigate({ to: '/password-reset/confirm', replace: true })
    } catch (error) {
      if (errorCode(error).startsWith('token.')) setLinkInvalid(true)
      else {
        // The server names the new password `new`; this form calls it `password`.
        const refused = apiErrors(error, ['new'])
        refuse({ fields: { password: refused.fields.new }, form: refused.form })
      }
    } finally {
      setPending(false)
    }
  }

  if (linkInvalid) {
    return (
      <div className={styles.center}>
        <AuthHeader title={<Trans>This link is not valid any more</Trans>}>
          <Trans>Links to reset your password are valid for a limited time and can be used once.</Trans>
        </AuthHeader>
        <Link to="/password-reset" className={styles.inlineLink}>
          <Trans>Request a new link</Trans>
        </Link>
      </div>
    )
  }

  const message = (field: Field) => {
    const descriptor = errors.fields[field]
    return descriptor ? i18n._(descriptor) : undefined
  }
  return (
    <>
      <AuthHeader title={<Trans>Choose a new password</Trans>} />
      <form ref={form} className={styles.form} onSubmit={submit} noValidate>
        {errors.form ? <FormAlert>{i18n._(errors.form)}</FormAlert> : null}
        <div>
          <TextField
            label={t`New password`}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-describedby={message('password') ? undefined : feedbackId}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={message('password')}
          />
          {message('password') ? null : (
            <PasswordFeedback id={feedbackId} password={password} email={email} />
          )}
        </div>
        <TextField
          label={t`Repeat the new password`}
          name="repeat"
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          error={message('repeat')}
        />
        <Button type="submit" size="lg" block disabled={pending}>
          {pending ? <Trans>Saving…</Trans> : <Trans>Save the new password</Trans>}
        </Button>
      </form>
    </>
  )
}
