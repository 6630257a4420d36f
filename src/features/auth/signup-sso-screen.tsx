import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { getUserQueryOptions, useUser } from '../../api/user.ts'
import { Button } from '../../ui/button/button.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { TermsLink } from '../../ui/terms/terms-link.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'
import { apiErrors, type FormErrors } from './form-errors.ts'
import { useAuthCalls } from './use-auth-calls.ts'
import { useFormErrors } from './use-form-errors.ts'

type Field = 'firstName' | 'lastName' | 'gtc'

/** /signup/sso (SPEC §6): a single sign-on account completes its names and accepts the terms. */
export function SignupSsoScreen() {
  const { api } = useRouteContext({ from: '__root__' })
  const { data: user } = useUser(api)
  return user ? (
    <SignupSsoForm initial={{ firstName: user.firstName ?? '', lastName: user.lastName ?? '' }} />
  ) : null
}

function SignupSsoForm({ initial }: { initial: { firstName: string; lastName: string } }) {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const calls = useAuthCalls()
  const navigate = useNavigate()
  const [firstName, setFirstName] = useState(initial.firstName)
  const [lastName, setLastName] = useState(initial.lastName)
  const [gtc, setGtc] = useState(false)
  const { form, errors, refuse, clear } = useFormErrors<Field>()
  const [pending, setPending] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    const fields: FormErrors<Field>['fields'] = {}
    if (!firstName.trim()) fields.firstName = formMessages.required
    if (!lastName.trim()) fields.lastName = formMessages.required
    if (!gtc) fields.gtc = formMessages.required
    if (Object.keys(fields).length > 0) return refuse({ fields })
    clear()
    setPending(true)
    try {
      await calls.updateUser({ firstName: firstName.trim(), lastName: lastName.trim() })
      await calls.accept({ gtc: true })
      // The guard reads names and terms from the user; it must see the new ones to let the user on.
      await queryClient.invalidateQueries({ queryKey: getUserQueryOptions(api).queryKey })
      await navigate({ to: '/dashboard', replace: true })
    } catch (error) {
      refuse(apiErrors(error, ['firstName', 'lastName', 'gtc']))
    } finally {
      setPending(false)
    }
  }

  const message = (field: Field) => {
    const descriptor = errors.fields[field]
    return descriptor ? i18n._(descriptor) : undefined
  }
  return (
    <>
      <AuthHeader title={<Trans>Complete your account</Trans>}>
        <Trans>
          You signed in with your company or a sign-in service. Tell us your name and accept the terms to
          continue.
        </Trans>
      </AuthHeader>
      <form ref={form} className={styles.form} onSubmit={submit} noValidate>
        {errors.form ? <FormAlert>{i18n._(errors.form)}</FormAlert> : null}
        <div className={styles.row}>
          <TextField
            label={t`First name`}
            name="firstName"
            autoComplete="given-name"
            required
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            error={message('firstName')}
          />
          <TextField
            label={t`Last name`}
            name="lastName"
            autoComplete="family-name"
            required
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
            error={message('lastName')}
          />
        </div>
        <CheckboxField
          label={t`I accept the general terms and conditions.`}
          name="gtc"
          required
          checked={gtc}
          onChange={(e) => setGtc(e.target.checked)}
          error={message('gtc')}
        />
        <TermsLink />
        <Button type="submit" size="lg" block disabled={pending}>
          {pending ? <Trans>Saving…</Trans> : <Trans>Continue</Trans>}
        </Button>
      </form>
    </>
  )
}
