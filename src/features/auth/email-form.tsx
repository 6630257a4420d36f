import { useLingui } from '@lingui/react/macro'
import { type FormEvent, type ReactNode, useState } from 'react'
import * as v from 'valibot'
import { emailSchema } from '../../../contract/user.ts'
import { Button } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import styles from './auth.module.css'
import { apiErrors } from './form-errors.ts'
import { useFormErrors } from './use-form-errors.ts'

/** Props of the one-field e-mail form that starts signup and password reset. */
export interface EmailFormProps {
  /** Sends the checked, lowercased address; rejects with the call's error. */
  onSubmit: (email: string) => Promise<void>
  submitLabel: ReactNode
  pendingLabel: ReactNode
  initialEmail?: string
}

/** One e-mail field and a submit button, with the SPEC §5 address check and the server's errors. */
export function EmailForm({ onSubmit, submitLabel, pendingLabel, initialEmail = '' }: EmailFormProps) {
  const { t, i18n } = useLingui()
  const [email, setEmail] = useState(initialEmail)
  const { form, errors, refuse, clear } = useFormErrors<'email'>()
  const [pending, setPending] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    const parsed = v.safeParse(emailSchema, email)
    if (!parsed.success)
      return refuse({ fields: { email: email.trim() ? formMessages.email : formMessages.required } })
    clear()
    setPending(true)
    try {
      await onSubmit(parsed.output)
    } catch (error) {
      refuse(apiErrors(error, ['email']))
    } finally {
      setPending(false)
    }
  }

  const fieldError = errors.fields.email
  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate>
      {errors.form ? <FormAlert>{i18n._(errors.form)}</FormAlert> : null}
      <TextField
        label={t`E-mail address`}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError ? i18n._(fieldError) : undefined}
      />
      <Button type="submit" size="lg" block disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  )
}
