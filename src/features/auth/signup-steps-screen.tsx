import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import {
  type SignupSnapshot,
  selectIsRegistering,
  selectStep,
  selectStepNumber,
  signupSteps,
} from '../../../machines/signup/signup.selectors.ts'
import type { SignupField } from '../../../machines/signup/signup.types.ts'
import { errorMessage } from '../../api/error-messages.ts'
import { localeNames, type SupportedLocale, selectableLocales } from '../../i18n/locales.ts'
import { Button } from '../../ui/button/button.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { SelectField } from '../../ui/form/select-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { TermsLink } from '../../ui/terms/terms-link.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'
import { fieldMessage } from './form-errors.ts'
import { PasswordFeedback } from './password-feedback.tsx'
import { SignupLinkInvalid } from './signup-link-invalid.tsx'
import { useCompleteSignIn } from './use-complete-sign-in.ts'
import { useFocusFirstInvalid } from './use-focus-first-invalid.ts'
import { type SignupActor, useSignup } from './use-signup.ts'

const route = getRouteApi('/signup/steps')

const stepNames: Record<(typeof signupSteps)[number], MessageDescriptor> = {
  name: msg`Your name`,
  password: msg`Your password`,
  terms: msg`Terms`,
}

const selectValues = (snapshot: SignupSnapshot) => snapshot.context.values
const selectErrors = (snapshot: SignupSnapshot) => snapshot.context.errors
const selectFormError = (snapshot: SignupSnapshot) => snapshot.context.formError
const selectAccountToken = (snapshot: SignupSnapshot) => snapshot.context.accountToken
const selectIsLinkInvalid = (snapshot: SignupSnapshot) => snapshot.matches('linkInvalid')

/**
 * /signup/steps (SPEC §2): name, password and terms, then the account is created and signed in; it goes on
 * to the search's `redirect` (the invitation it signed up from), else to /welcome.
 */
export function SignupStepsScreen() {
  const { token, email, redirect } = route.useSearch()
  if (!token) return <SignupLinkInvalid />
  return <SignupSteps key={token} token={token} email={email ?? ''} after={redirect} />
}

/** The signup steps for a confirmed link's token and address; once registered, signed in and on to `after`. */
export function SignupSteps({
  token,
  email,
  after = '/welcome',
}: {
  token: string
  email: string
  after?: string
}) {
  const actor = useSignup(token, email)
  return <SignupStepsForm actor={actor} email={email} after={after} />
}

function SignupStepsForm({ actor, email, after }: { actor: SignupActor; email: string; after: string }) {
  const { t, i18n } = useLingui()
  const completeSignIn = useCompleteSignIn()
  const form = useRef<HTMLFormElement>(null)
  const feedbackId = useId()
  const [signInFailed, setSignInFailed] = useState(false)
  const step = useSelector(actor, selectStep)
  const number = useSelector(actor, selectStepNumber)
  const values = useSelector(actor, selectValues)
  const errors = useSelector(actor, selectErrors)
  const formError = useSelector(actor, selectFormError)
  const accountToken = useSelector(actor, selectAccountToken)
  const registering = useSelector(actor, selectIsRegistering)
  const linkInvalid = useSelector(actor, selectIsLinkInvalid)

  const [attempt, setAttempt] = useState(0)
  useFocusFirstInvalid(form, attempt)
  // Each step starts at its first invalid field (a refused registration) or its first field.
  const focusedStep = useRef<string | null>(null)
  useEffect(() => {
    if (focusedStep.current === step) return
    focusedStep.current = step
    const fields = form.current
    const first =
      fields?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? fields?.querySelector('input')
    first?.focus()
  })

  // The new account signs in once, even when React runs the effect twice in development.
  const signedIn = useRef<string | null>(null)
  useEffect(() => {
    if (!accountToken || signedIn.current === accountToken) return
    signedIn.current = accountToken
    void completeSignIn({ token: accountToken, tokenType: 'Bearer', expiresAt: '' }, false, after).then(
      (ok) => setSignInFailed(!ok),
    )
  }, [accountToken, completeSignIn, after])

  if (linkInvalid) return <SignupLinkInvalid />

  const change = (changed: Partial<typeof values>) => actor.send({ type: 'signup.change', values: changed })
  const message = (field: SignupField) => {
    const code = errors[field]
    return code ? i18n._(fieldMessage(code, field)) : undefined
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (registering || accountToken) return
    actor.send({ type: 'signup.next' })
    if (selectStep(actor.getSnapshot()) === step) setAttempt((n) => n + 1)
  }
  const total = signupSteps.length

  return (
    <>
      <AuthHeader title={<Trans>Create your account</Trans>}>
        {email ? <Trans>Your address {email} is confirmed.</Trans> : null}
      </AuthHeader>
      <ol className={styles.steps} aria-label={t`Step ${number} of ${total}`}>
        {signupSteps.map((name, index) => (
          <li
            key={name}
            data-state={index + 1 < number ? 'done' : index + 1 === number ? 'current' : 'next'}
            aria-current={index + 1 === number ? 'step' : undefined}
          >
            {i18n._(stepNames[name])}
          </li>
        ))}
      </ol>
      <form
        ref={form}
        className={styles.form}
        onSubmit={submit}
        noValidate
        aria-label={i18n._(stepNames[step])}
      >
        {formError ? <FormAlert>{i18n._(errorMessage(formError))}</FormAlert> : null}
        {signInFailed ? <FormAlert>{i18n._(errorMessage('session.sign_in_failed'))}</FormAlert> : null}
        {step === 'name' ? (
          <div className={styles.row}>
            <TextField
              label={t`First name`}
              name="firstName"
              autoComplete="given-name"
              required
              value={values.firstName}
              onChange={(e) => change({ firstName: e.target.value })}
              error={message('firstName')}
            />
            <TextField
              label={t`Last name`}
              name="lastName"
              autoComplete="family-name"
              required
              value={values.lastName}
              onChange={(e) => change({ lastName: e.target.value })}
              error={message('lastName')}
            />
          </div>
        ) : null}
        {step === 'password' ? (
          <div>
            <TextField
              label={t`Password`}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              aria-describedby={message('password') ? undefined : feedbackId}
              value={values.password}
              onChange={(e) => change({ password: e.target.value })}
              error={message('password')}
            />
            {message('password') ? null : (
              <PasswordFeedback id={feedbackId} password={values.password} email={email} />
            )}
          </div>
        ) : null}
        {step === 'terms' ? (
          <>
            <SelectField
              label={<Trans>Language of your account</Trans>}
              value={values.lang as SupportedLocale}
              options={selectableLocales.map((locale) => ({
                value: locale,
                label: localeNames[locale],
                lang: locale,
              }))}
              onChange={(lang) => change({ lang })}
            />
            <CheckboxField
              label={t`I accept the general terms and conditions.`}
              name="gtc"
              required
              checked={values.gtc}
              onChange={(e) => change({ gtc: e.target.checked })}
              error={message('gtc')}
            />
            <TermsLink />
          </>
        ) : null}
        <div className={styles.actions}>
          {step !== 'name' ? (
            <Button
              variant="secondary"
              size="lg"
              disabled={registering}
              onClick={() => actor.send({ type: 'signup.back' })}
            >
              <Trans>Back</Trans>
            </Button>
          ) : null}
          <Button type="submit" size="lg" disabled={registering || Boolean(accountToken)}>
            {step !== 'terms' ? (
              <Trans>Next</Trans>
            ) : registering ? (
              <Trans>Creating your account…</Trans>
            ) : (
              <Trans>Create account</Trans>
            )}
          </Button>
        </div>
      </form>
    </>
  )
}
