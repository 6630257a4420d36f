import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useState } from 'react'
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { emailSchema, type TokenAnswer } from '../../../contract/user.ts'
import { loginMachine } from '../../../machines/login/login.machine.ts'
import type {
  CodeInput,
  PasskeyInput,
  PasswordInput,
  PasswordOutcome,
} from '../../../machines/login/login.types.ts'
import { ApiError } from '../../api/client.ts'
import { errorCode } from '../../api/error-messages.ts'
import { inspect } from '../../lib/inspect.ts'
import { resolveNavigation } from '../../lib/navigation.ts'
import { askForPasskey } from '../../lib/passkey-prompt.ts'
import { Button } from '../../ui/button/button.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'
import { apiErrors, type FormErrors } from './form-errors.ts'
import { retryWaitSeconds, waitInWords } from './retry-wait.ts'
import { SignInProviders } from './sign-in-providers.tsx'
import { useAuthCalls } from './use-auth-calls.ts'
import { useCompleteSignIn } from './use-complete-sign-in.ts'
import { useFormErrors } from './use-form-errors.ts'

const route = getRouteApi('/login')

type Field = 'email' | 'password' | 'code'

/** The company sign-in URL, if it is a web address at all (it comes from the identity provider setup). */
function webUrl(url: string | null): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}

const tooManyAttempts = (inTime: string) =>
  msg`Too many wrong passwords. You can try again ${inTime}, or reset your password now.`

/** Refusals after which the sign-in offers a password reset next to its message. */
const resetOffered = new Set(['auth.too_many_attempts', 'auth.invalid_credentials_last_try'])

/** /login (SPEC §2): e-mail and password, remember me, company sign-in, sign-in providers, the signed-out note. */
export function LoginScreen() {
  const search = route.useSearch()
  const { t } = useLingui()
  return (
    <>
      <AuthHeader title={<Trans>Sign in</Trans>}>
        <Trans>Welcome back. Sign in to sign and send your documents.</Trans>
      </AuthHeader>
      <SignInForm email={search.email} redirect={search.redirect} signedOut={search['logged-out']} />
      <SignInProviders />
      <nav className={styles.links} aria-label={t`Account`}>
        <Link to="/password-reset">
          <Trans>Forgot your password?</Trans>
        </Link>
        <Link to="/signup">
          <Trans>Create an account</Trans>
        </Link>
      </nav>
    </>
  )
}

/**
 * The sign-in form of /login and of the pages that start with it (an invitation's): `email` prefills the
 * address, `redirect` is where the signed-in user goes on to.
 */
export function SignInForm({
  email: initialEmail,
  redirect,
  signedOut,
}: {
  email?: string
  redirect?: string
  signedOut?: boolean
}) {
  const { t, i18n } = useLingui()
  const calls = useAuthCalls()
  const completeSignIn = useCompleteSignIn()
  const [email, setEmail] = useState(initialEmail ?? '')
  const [password, setPassword] = useState('')
  const [rememberMe, setRememberMe] = useState(false)
  const { form, errors, refuse, clear } = useFormErrors<Field>()
  const [companyUrl, setCompanyUrl] = useState<string | null>(null)
  const [offerReset, setOfferReset] = useState(false)

  const login = useActorRef(
    loginMachine.provide({
      actors: {
        checkPassword: fromPromise<PasswordOutcome, PasswordInput>(async ({ input }) => {
          const answer = await calls.login(input)
          if ('challenge' in answer) {
            return { kind: 'secondFactor', challenge: answer.challenge, secondFactors: answer.secondFactors }
          }
          await enterSession(answer, input.rememberMe)
          return { kind: 'token', token: answer.token }
        }),
        checkCode: fromPromise<{ token: string }, CodeInput>(async ({ input }) => {
          const answer = await calls.loginSecondFactor(input)
          await enterSession(answer, login.getSnapshot().context.rememberMe)
          return { token: answer.token }
        }),
        checkPasskey: fromPromise<{ token: string }, PasskeyInput>(async ({ input }) => {
          const challenge = input.challenge ?? undefined
          const credential = await askForPasskey(await calls.loginPasskeyOptions({ challenge }))
          const answer = await calls.loginPasskey({ credential, challenge, rememberMe: input.rememberMe })
          await enterSession(answer, input.rememberMe)
          return { token: answer.token }
        }),
      },
    }),
    { inspect },
  )
  const step = useSelector(login, (snapshot) =>
    snapshot.matches('secondFactor') ||
    snapshot.matches('checkingCode') ||
    snapshot.matches('checkingPasskeyFactor')
      ? 'code'
      : 'password',
  )
  const pending = useSelector(
    login,
    (snapshot) =>
      snapshot.matches('checkingPassword') ||
      snapshot.matches('checkingCode') ||
      snapshot.matches('checkingPasskey') ||
      snapshot.matches('checkingPasskeyFactor'),
  )
  const secondFactors = useSelector(login, (snapshot) => snapshot.context.secondFactors)
  const failure = useSelector(login, (snapshot) => snapshot.context.failure)
  const [code, setCode] = useState('')

  const enterSession = async (answer: TokenAnswer, remember: boolean) => {
    if (!(await completeSignIn(answer, remember, redirect))) {
      throw new ApiError(0, 'session.sign_in_failed', 'The session could not load the signed-in user')
    }
  }

  useEffect(() => {
    if (failure === null) return
    const wait = retryWaitSeconds(failure)
    setOfferReset(resetOffered.has(errorCode(failure)))
    refuse(
      wait
        ? { fields: {}, form: tooManyAttempts(waitInWords(wait, i18n.locale)) }
        : apiErrors(failure, ['email', 'password', 'code']),
    )
  }, [failure, refuse, i18n.locale])

  // Companies with their own identity provider sign in there (SPEC §7 identity_providers).
  const lookUpCompany = useMutation({
    mutationFn: (address: string) => calls.identityProviders(address),
    onSuccess: (answer) => setCompanyUrl(webUrl(answer.url)),
    onError: () => setCompanyUrl(null),
  })

  const checkCompany = () => {
    const parsed = v.safeParse(emailSchema, email)
    if (parsed.success) lookUpCompany.mutate(parsed.output)
    else setCompanyUrl(null)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = v.safeParse(emailSchema, email)
    const fields: FormErrors<Field>['fields'] = {}
    if (!email.trim()) fields.email = formMessages.required
    else if (!parsed.success) fields.email = formMessages.email
    if (!password) fields.password = formMessages.required
    if (!parsed.success || fields.password) return refuse({ fields })
    clear()
    login.send({ type: 'password.submit', email: parsed.output, password, rememberMe })
  }

  const submitCode = (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim()) return refuse({ fields: { code: formMessages.required } })
    clear()
    login.send({ type: 'code.submit', code })
  }

  const message = (field: Field) => {
    const descriptor = errors.fields[field]
    return descriptor ? i18n._(descriptor) : undefined
  }

  const startPasskey = () => {
    clear()
    login.send({ type: 'passkey.start', rememberMe })
  }

  if (step === 'code') {
    const totp = secondFactors.includes('totp')
    return (
      <form ref={form} className={styles.form} onSubmit={submitCode} noValidate>
        {errors.form ? <FormAlert>{i18n._(errors.form)}</FormAlert> : null}
        {totp ? (
          <>
            <p>
              <Trans>
                Enter the six-digit code from your authenticator app, or one of your recovery codes.
              </Trans>
            </p>
            <TextField
              label={t`Code`}
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={message('code')}
            />
            <Button type="submit" size="lg" block disabled={pending}>
              {pending ? <Trans>Signing in…</Trans> : <Trans>Verify</Trans>}
            </Button>
          </>
        ) : null}
        {secondFactors.includes('passkey') ? (
          <Button
            variant={totp ? 'secondary' : 'primary'}
            size="lg"
            block
            disabled={pending}
            onClick={startPasskey}
          >
            <Trans>Use a passkey</Trans>
          </Button>
        ) : null}
        <Button
          variant="secondary"
          block
          onClick={() => {
            setCode('')
            clear()
            login.send({ type: 'code.cancel' })
          }}
        >
          <Trans>Back</Trans>
        </Button>
      </form>
    )
  }

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate>
      {signedOut ? (
        <FormAlert tone="success">
          <Trans>You have been signed out.</Trans>
        </FormAlert>
      ) : null}
      {errors.form ? (
        <FormAlert>
          {i18n._(errors.form)}
          {offerReset ? (
            <>
              {' '}
              <Link to="/password-reset" search={{ email }}>
                <Trans>Reset your password</Trans>
              </Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <TextField
        label={t`E-mail address`}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={checkCompany}
        error={message('email')}
      />
      {companyUrl ? (
        <Button
          variant="secondary"
          block
          size="lg"
          onClick={() =>
            window.location.assign(resolveNavigation(companyUrl, window.location.origin, { external: true }))
          }
        >
          <Trans>Continue with your company</Trans>
        </Button>
      ) : null}
      <TextField
        label={t`Password`}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={message('password')}
      />
      <CheckboxField
        label={t`Keep me signed in for 48 hours`}
        name="rememberMe"
        checked={rememberMe}
        onChange={(e) => setRememberMe(e.target.checked)}
      />
      <Button type="submit" size="lg" block disabled={pending}>
        {pending ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
      </Button>
      <Button variant="secondary" size="lg" block disabled={pending} onClick={startPasskey}>
        <Trans>Sign in with a passkey</Trans>
      </Button>
    </form>
  )
}
