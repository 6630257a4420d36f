import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useState } from 'react'
import { fromPromise } from 'xstate'
import type { AccountSession, Passkey, SecondFactor, TotpSetup } from '../../../contract/account-security.ts'
import { passkeyRegistrationMachine } from '../../../machines/passkey-registration/passkey-registration.machine.ts'
import {
  selectPasskeyBusy,
  selectPasskeyFailure,
  selectWaitingForAuthenticator,
} from '../../../machines/passkey-registration/passkey-registration.selectors.ts'
import type {
  CreatePasskeyInput,
  RequestOptionsInput,
  SavePasskeyInput,
} from '../../../machines/passkey-registration/passkey-registration.types.ts'
import { describeDevice } from '../../../machines/session/describe-device.ts'
import { ApiError } from '../../api/client.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { getUserQueryOptions } from '../../api/user.ts'
import { inspect } from '../../lib/inspect.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import { askForNewPasskey } from './ask-for-new-passkey.ts'
import { passkeyErrorMessage } from './passkey-messages.ts'
import styles from './profile.module.css'
import {
  disableTotp,
  enableTotp,
  endSessions,
  getPasskeysQueryOptions,
  getSecondFactorQueryOptions,
  getSessionsQueryOptions,
  passkeyOptions,
  registerPasskey,
  removePasskey,
  securityKeys,
  startTotpSetup,
} from './security-calls.ts'
import { TotpQrCode } from './totp-qr-code.tsx'

type Field = 'password' | 'code'
type Errors = Partial<Record<Field | 'form', string>>

/**
 * /profile/security (issue 42 §1, §2, §4): two-step verification with an authenticator app and its recovery
 * codes, the passkeys, and the signed-in sessions, each of which can be signed out. A member whose business requires two-step
 * verification is held here until it is on.
 */
export function SecurityScreen() {
  const { api } = useRouteContext({ from: '__root__' })
  const factor = useQuery(getSecondFactorQueryOptions(api))
  return (
    <div className={styles.page}>
      <Link to="/profile" className={styles.back}>
        <Trans>Back to your profile</Trans>
      </Link>
      <header className={styles.header}>
        <h1>
          <Trans>Security</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>Two-step verification, passkeys and the devices signed in to your account.</Trans>
        </p>
      </header>
      {factor.data ? <SecondFactorCard factor={factor.data} /> : null}
      <PasskeysCard />
      <SessionsCard />
    </div>
  )
}

function useChangeForm() {
  const { i18n } = useLingui()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const check = () => {
    const found: Errors = {
      password: password ? undefined : i18n._(formMessages.required),
      code: code.trim() ? undefined : i18n._(formMessages.required),
    }
    setErrors(found)
    return !found.password && !found.code
  }
  const refuse = (error: unknown) => {
    const message = i18n._(errorMessage(errorCode(error)))
    const field = error instanceof ApiError ? error.field : undefined
    setErrors(field === 'password' || field === 'code' ? { [field]: message } : { form: message })
  }
  return { password, setPassword, code, setCode, errors, check, refuse }
}

function ChangeFields({ form }: { form: ReturnType<typeof useChangeForm> }) {
  const { t } = useLingui()
  return (
    <>
      {form.errors.form ? <FormAlert>{form.errors.form}</FormAlert> : null}
      <TextField
        label={t`Password`}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={form.password}
        onChange={(e) => form.setPassword(e.target.value)}
        error={form.errors.password}
      />
      <TextField
        label={t`Code from your authenticator app`}
        name="code"
        autoComplete="one-time-code"
        required
        value={form.code}
        onChange={(e) => form.setCode(e.target.value)}
        error={form.errors.code}
      />
    </>
  )
}

function SecondFactorCard({ factor }: { factor: SecondFactor }) {
  const { t } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const [setup, setSetup] = useState<TotpSetup | null>(null)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const form = useChangeForm()
  const refresh = async () => {
    await queryClient.refetchQueries({ queryKey: securityKeys.secondFactor })
    // The route guard reads whether it is on from the user.
    await queryClient.refetchQueries({ queryKey: getUserQueryOptions(api).queryKey })
  }
  const start = useMutation({
    mutationFn: () => startTotpSetup(api),
    onSuccess: setSetup,
    onError: form.refuse,
  })
  const enable = useMutation({
    mutationFn: () => enableTotp(api, { password: form.password, code: form.code }),
    onSuccess: async (codes) => {
      setSetup(null)
      setRecoveryCodes(codes)
      await refresh()
    },
    onError: form.refuse,
  })
  const disable = useMutation({
    mutationFn: () => disableTotp(api, { password: form.password, code: form.code }),
    onSuccess: async () => {
      form.setPassword('')
      form.setCode('')
      showSnackbar(ui.snackbars, { message: msg`Two-step verification is off.`, color: 'success' })
      await refresh()
    },
    onError: form.refuse,
  })
  const submit = (mutation: typeof enable | typeof disable) => (event: FormEvent) => {
    event.preventDefault()
    if (form.check()) mutation.mutate()
  }

  return (
    <section className={styles.card} aria-labelledby="security-second-factor">
      <h2 id="security-second-factor">
        <Trans>Two-step verification</Trans>
      </h2>
      {recoveryCodes ? (
        <FormAlert tone="success">
          <Trans>
            Two-step verification is on. Keep these recovery codes somewhere safe: each one signs you in once
            if you lose your phone. They are shown only now.
          </Trans>
          <ul className={styles.recoveryCodes} aria-label={t`Recovery codes`}>
            {recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </FormAlert>
      ) : null}
      {factor.enabled ? (
        <>
          <p>
            <Trans>On. You have {factor.recoveryCodesLeft} recovery codes left.</Trans>
          </p>
          {factor.required ? (
            <p>
              <Trans>Your business requires two-step verification, so it stays on.</Trans>
            </p>
          ) : (
            <form className={styles.form} onSubmit={submit(disable)} noValidate>
              <ChangeFields form={form} />
              <div className={styles.formActions}>
                <BusyButton type="submit" variant="secondary" busy={disable.isPending}>
                  <Trans>Switch off</Trans>
                </BusyButton>
              </div>
            </form>
          )}
        </>
      ) : setup ? (
        <form className={styles.form} onSubmit={submit(enable)} noValidate>
          <p>
            <Trans>
              Scan this code with an authenticator app, or type the key into it. Then enter your password and
              the code the app shows.
            </Trans>
          </p>
          <TotpQrCode uri={setup.uri} label={t`QR code for your authenticator app`} />
          <p>
            <Trans>Key:</Trans> <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          <ChangeFields form={form} />
          <div className={styles.formActions}>
            <BusyButton type="submit" busy={enable.isPending}>
              <Trans>Switch on</Trans>
            </BusyButton>
          </div>
        </form>
      ) : (
        <>
          {factor.required ? (
            <FormAlert tone="info">
              <Trans>Your business requires two-step verification. Please set it up to go on.</Trans>
            </FormAlert>
          ) : null}
          <p>
            <Trans>
              Off. With two-step verification, signing in asks for a code from an app on your phone after your
              password.
            </Trans>
          </p>
          {form.errors.form ? <FormAlert>{form.errors.form}</FormAlert> : null}
          <div className={styles.formActions}>
            <BusyButton busy={start.isPending} onClick={() => start.mutate()}>
              <Trans>Set up two-step verification</Trans>
            </BusyButton>
          </div>
        </>
      )}
    </section>
  )
}

/**
 * The passkeys: each signs in without a password, or confirms a sign-in as the second factor. Adding one
 * takes the password, a name to tell it from the others, and the browser's prompt: the passkey registration
 * machine's steps.
 */
function PasskeysCard() {
  const { i18n, t } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const passkeys = useQuery(getPasskeysQueryOptions(api))
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Partial<Record<'name' | 'password' | 'form', string>>>({})
  const refresh = async () => {
    await queryClient.refetchQueries({ queryKey: securityKeys.passkeys })
    // Whether the business's rule holds the app on depends on the passkeys, and the route guard reads whether
    // a second factor is on from the user.
    await queryClient.refetchQueries({ queryKey: securityKeys.secondFactor })
    await queryClient.refetchQueries({ queryKey: getUserQueryOptions(api).queryKey })
  }
  // Where a refusal shows: under the field it names, else above the form.
  const placed = (error: unknown): typeof errors => {
    const message = i18n._(passkeyErrorMessage(errorCode(error)))
    const field = error instanceof ApiError ? error.field : undefined
    return field === 'password' || field === 'name' ? { [field]: message } : { form: message }
  }
  const refuse = (error: unknown) => setErrors(placed(error))
  const registration = useActorRef(
    passkeyRegistrationMachine.provide({
      actors: {
        requestOptions: fromPromise<string, RequestOptionsInput>(({ input }) => passkeyOptions(api, input)),
        createPasskey: fromPromise<string, CreatePasskeyInput>(({ input }) =>
          askForNewPasskey(input.options),
        ),
        savePasskey: fromPromise<void, SavePasskeyInput>(async ({ input }) => {
          await registerPasskey(api, input)
        }),
      },
      actions: {
        announceAdded: () => {
          setName('')
          setPassword('')
          setErrors({})
          showSnackbar(ui.snackbars, { message: msg`Passkey added.`, color: 'success' })
          void refresh()
        },
      },
    }),
    { inspect },
  )
  const busy = useSelector(registration, selectPasskeyBusy)
  const waiting = useSelector(registration, selectWaitingForAuthenticator)
  const failure = useSelector(registration, selectPasskeyFailure)
  const failed = failure === null ? {} : placed(failure)
  const shown = {
    name: errors.name ?? failed.name,
    password: errors.password ?? failed.password,
    form: errors.form ?? failed.form,
  }
  const remove = useMutation({
    mutationFn: (passkey: Passkey) => removePasskey(api, passkey.id),
    onSuccess: async () => {
      showSnackbar(ui.snackbars, { message: msg`Passkey removed.`, color: 'success' })
      await refresh()
    },
    onError: refuse,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = {
      name: name.trim() ? undefined : i18n._(formMessages.required),
      password: password ? undefined : i18n._(formMessages.required),
    }
    setErrors(found)
    if (!found.name && !found.password) registration.send({ type: 'passkey.add', name, password })
  }
  const list = passkeys.data ?? []
  const dateOf = (at: string) => i18n.date(new Date(at), { dateStyle: 'medium' })
  return (
    <section className={styles.card} aria-labelledby="security-passkeys">
      <h2 id="security-passkeys">
        <Trans>Passkeys</Trans>
      </h2>
      <p>
        <Trans>
          A passkey signs you in with your fingerprint, face or screen lock instead of your password, and
          confirms a sign-in as your second step.
        </Trans>
      </p>
      {list.length > 0 ? (
        <ul className={styles.sessions} aria-label={t`Your passkeys`}>
          {list.map((passkey) => (
            <li key={passkey.id} className={styles.session}>
              <div>
                <strong>{passkey.name}</strong>
                <div className={styles.sessionFacts}>
                  <Trans>added {dateOf(passkey.createdAt)}</Trans>
                  {passkey.lastUsedAt ? (
                    <>
                      {' · '}
                      <Trans>last used {dateOf(passkey.lastUsedAt)}</Trans>
                    </>
                  ) : null}
                </div>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t`Remove passkey ${passkey.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(passkey)}
              >
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className={styles.form} onSubmit={submit} noValidate>
        {shown.form ? <FormAlert>{shown.form}</FormAlert> : null}
        <TextField
          label={t`Name of the new passkey`}
          name="passkeyName"
          required
          value={name}
          placeholder={t`e.g. Work laptop`}
          onChange={(e) => setName(e.target.value)}
          error={shown.name}
        />
        <TextField
          label={t`Password`}
          type="password"
          name="passkeyPassword"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={shown.password}
        />
        {waiting ? (
          <p role="status">
            <Trans>Confirm with your fingerprint, face, screen lock or security key.</Trans>
          </p>
        ) : null}
        <div className={styles.formActions}>
          <BusyButton type="submit" busy={busy}>
            <Trans>Add a passkey</Trans>
          </BusyButton>
        </div>
      </form>
    </section>
  )
}

function SessionsCard() {
  const { i18n, t } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const sessions = useQuery(getSessionsQueryOptions(api))
  const end = useMutation({
    mutationFn: (id?: string) => endSessions(api, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
  })
  const others = (sessions.data?.sessions ?? []).filter((session) => !session.current)
  const deviceOf = (session: AccountSession) => {
    const { browser, system } = describeDevice(session.userAgent)
    if (browser && system) return t`${browser} on ${system}`
    return browser ?? system ?? t`Unknown device`
  }
  return (
    <section className={styles.card} aria-labelledby="security-sessions">
      <h2 id="security-sessions">
        <Trans>Signed-in devices</Trans>
      </h2>
      <ul className={styles.sessions}>
        {(sessions.data?.sessions ?? []).map((session) => {
          const lastUse = session.lastUsedAt ?? session.createdAt
          return (
            <li key={session.id} className={styles.session}>
              <div>
                <strong>{deviceOf(session)}</strong>
                {session.current ? (
                  <span className={styles.currentSession}>
                    {' '}
                    <Trans>This device</Trans>
                  </span>
                ) : null}
                <div className={styles.sessionFacts}>
                  {session.address ?? '–'} ·{' '}
                  <Trans>
                    last used {i18n.date(new Date(lastUse), { dateStyle: 'medium', timeStyle: 'short' })}
                  </Trans>
                </div>
              </div>
              {session.current ? null : (
                <Button variant="secondary" size="sm" onClick={() => end.mutate(session.id)}>
                  <Trans>Sign out</Trans>
                </Button>
              )}
            </li>
          )
        })}
      </ul>
      {others.length > 0 ? (
        <div className={styles.formActions}>
          <BusyButton variant="secondary" busy={end.isPending} onClick={() => end.mutate(undefined)}>
            <Trans>Sign out everywhere else</Trans>
          </BusyButton>
        </div>
      ) : null}
    </section>
  )
}
