import { Dialog } from '@ark-ui/react/dialog'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { type FormEvent, type ReactNode, useState } from 'react'
import type { SnapshotFrom } from 'xstate'
import { mobileSigningResendIntervalMs } from '../../../contract/mobile-signing.ts'
import type { signingMachine } from '../../../machines/signing/signing.machine.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { type MobileIdActor, MobileIdForm } from './mobile-id-form.tsx'
import { OneTimeCodeField, useOneTimeCode } from './one-time-code.tsx'
import type {
  MobileAesSubmission,
  Part11Submission,
  SecondFactorSubmission,
  SigningActor,
  SigningChoice,
  SigningOverlayProps,
} from './run-signing.ts'
import styles from './signing.module.css'
import type { SigningSubmission } from './signing-dialogs.ts'
import { SigningFailure } from './signing-failure.ts'
import { signingErrorMessage } from './signing-messages.ts'

type Tone = 'info' | 'success' | 'error' | 'warning'

const icons: Record<Tone, ReactNode> = {
  info: <path d="M12 8h.01M11 12h1v5h1" />,
  success: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  error: <path d="M7 7l10 10M17 7L7 17" />,
  warning: <path d="M12 7v6M12 17h.01" />,
}

/**
 * The parts of every signing overlay: an icon, a heading, what happened, the fields asked for and the ways on.
 * With `onSubmit` it is a form, its fields checked by the overlay itself.
 */
function SigningOverlayFrame({
  tone,
  icon,
  title,
  children,
  fields,
  actions,
  error,
  onSubmit,
}: {
  tone?: Tone
  /** Drawn instead of the tone's own icon. */
  icon?: ReactNode
  title: ReactNode
  children?: ReactNode
  fields?: ReactNode
  actions?: ReactNode
  error?: unknown
  onSubmit?: (event: FormEvent) => void
}) {
  const { i18n } = useLingui()
  const Shell = onSubmit ? 'form' : 'div'
  return (
    <Shell className={styles.overlay} onSubmit={onSubmit} noValidate={onSubmit ? true : undefined}>
      {tone ? (
        <span className={styles.icon} data-tone={tone}>
          <svg
            viewBox="0 0 24 24"
            width="36"
            height="36"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            aria-hidden="true"
          >
            {icon ?? icons[tone]}
          </svg>
        </span>
      ) : null}
      <Dialog.Title>{title}</Dialog.Title>
      <Dialog.Description asChild>
        <div className={styles.message}>{children}</div>
      </Dialog.Description>
      {error ? <FormAlert>{i18n._(signingErrorMessage(error))}</FormAlert> : null}
      {fields ? <div className={styles.fields}>{fields}</div> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </Shell>
  )
}

type Props = DialogContentProps<SigningOverlayProps, SigningSubmission>

const choose = (submit: Props['submit'], choice: SigningChoice) => () => submit(choice)

/** The ways on from an overlay that asks for something before signing: cancel, or sign with it. */
function CancelOrSign({ loading, submit }: Pick<Props, 'loading' | 'submit'>) {
  return (
    <>
      <Button variant="secondary" size="lg" disabled={loading} onClick={choose(submit, 'close')}>
        <Trans>Cancel</Trans>
      </Button>
      <BusyButton type="submit" busy={loading} size="lg">
        <Trans>Sign</Trans>
      </BusyButton>
    </>
  )
}

/**
 * Sealing asks first (the signing machine's seal confirmation): a seal signs for the whole organisation, so
 * the signer confirms the seal by its name, and learns that the history records them as who used it.
 */
export function SealConfirmationOverlay({ props, loading, submit }: Props) {
  const label = props.seal?.label ?? ''
  const sealedBy = props.sealedBy ?? ''
  return (
    <SigningOverlayFrame
      tone="info"
      title={<Trans>Seal with {label}?</Trans>}
      actions={
        <>
          <Button variant="secondary" size="lg" disabled={loading} onClick={choose(submit, 'close')}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} size="lg" onClick={choose(submit, 'confirmSeal')}>
            <Trans>Apply the seal</Trans>
          </BusyButton>
        </>
      }
    >
      <p>
        <Trans>
          “{props.title}” will carry the seal {label} of your organisation instead of your own signature.
        </Trans>
      </p>
      <p>
        <Trans>The request’s history records that {sealedBy} used the seal.</Trans>
      </p>
    </SigningOverlayFrame>
  )
}

/** SPEC §2 signing overlay: shown while the signature (or the seal) is being added. */
export function SigningOverlay({ props }: Props) {
  const label = props.seal?.label
  return (
    <div className={styles.overlay} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <Dialog.Title>{label ? <Trans>Sealing…</Trans> : <Trans>Signing…</Trans>}</Dialog.Title>
      <Dialog.Description>
        {label ? (
          <Trans>
            The seal {label} is being added to “{props.title}”. This takes a moment.
          </Trans>
        ) : (
          <Trans>Your signature is being added to “{props.title}”. This takes a moment.</Trans>
        )}
      </Dialog.Description>
    </div>
  )
}

/** SPEC §2 signing success overlay: what was added, and for a seal which seal and who used it. */
export function SigningSuccessOverlay({ props, loading, submit }: Props) {
  const label = props.seal?.label
  const sealedBy = props.sealedBy ?? ''
  return (
    <SigningOverlayFrame
      tone="success"
      title={label ? <Trans>Sealed</Trans> : <Trans>Signed</Trans>}
      actions={
        <BusyButton busy={loading} size="lg" onClick={choose(submit, 'close')}>
          <Trans>Done</Trans>
        </BusyButton>
      }
    >
      <p>
        {label ? (
          <Trans>
            “{props.title}” was sealed with {label} by {sealedBy}.
          </Trans>
        ) : (
          <Trans>Your signature was added to “{props.title}”.</Trans>
        )}
      </p>
      {props.detail}
    </SigningOverlayFrame>
  )
}

/** SPEC §2 signing failure overlay: the reason, and trying again where the machine allows it. */
export function SigningFailureOverlay({ props, loading, error, submit }: Props) {
  const { i18n } = useLingui()
  return (
    <SigningOverlayFrame
      tone="error"
      title={<Trans>Signing did not work</Trans>}
      error={error}
      actions={
        props.canRetry ? (
          <>
            <Button variant="secondary" size="lg" disabled={loading} onClick={choose(submit, 'close')}>
              <Trans>Close</Trans>
            </Button>
            <BusyButton busy={loading} size="lg" onClick={choose(submit, 'retry')}>
              <Trans>Try again</Trans>
            </BusyButton>
          </>
        ) : (
          <BusyButton busy={loading} size="lg" onClick={choose(submit, 'close')}>
            <Trans>Close</Trans>
          </BusyButton>
        )
      }
    >
      <p>
        {props.reason ? (
          i18n._(signingErrorMessage(props.reason))
        ) : (
          <Trans>This way of signing is not available here.</Trans>
        )}
      </p>
    </SigningOverlayFrame>
  )
}

/** SPEC §2 signing locked overlay: someone else is signing the request at this moment. */
export function SigningLockedOverlay({ loading, submit }: Props) {
  return (
    <SigningOverlayFrame
      tone="warning"
      title={<Trans>The request is being signed</Trans>}
      actions={
        <BusyButton busy={loading} size="lg" onClick={choose(submit, 'close')}>
          <Trans>Close</Trans>
        </BusyButton>
      }
    >
      <p>
        <Trans>Someone else is signing this request right now. Please try again in a moment.</Trans>
      </p>
    </SigningOverlayFrame>
  )
}

/** SPEC §2 TAN expired overlay: a new code can be sent. */
export function TanExpiredOverlay({ loading, error, submit }: Props) {
  return (
    <SigningOverlayFrame
      tone="warning"
      title={<Trans>The TAN has expired</Trans>}
      error={error}
      actions={
        <>
          <Button variant="secondary" size="lg" disabled={loading} onClick={choose(submit, 'close')}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} size="lg" onClick={choose(submit, 'resend')}>
            <Trans>Send a new TAN</Trans>
          </BusyButton>
        </>
      }
    >
      <p>
        <Trans>A TAN can be used for 10 minutes. We can send you a new one by e-mail.</Trans>
      </p>
    </SigningOverlayFrame>
  )
}

/** SPEC §2 TAN invalid overlay: the TAN entered was not the one mailed; the signer enters one again. */
export function TanInvalidOverlay({ props, loading, error, submit }: Props) {
  const { t } = useLingui()
  const left = props.tanTriesLeft
  return (
    <SigningOverlayFrame
      tone="warning"
      title={<Trans>This TAN is not right</Trans>}
      error={error}
      actions={
        <>
          <Button variant="secondary" size="lg" disabled={loading} onClick={choose(submit, 'close')}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} size="lg" onClick={choose(submit, 'retryTan')}>
            <Trans>Enter the TAN again</Trans>
          </BusyButton>
        </>
      }
    >
      <p>
        <Trans>Check the digits in the latest e-mail: only the TAN mailed last works.</Trans>
      </p>
      {left === undefined ? null : (
        <p>{t`${plural(left, { one: 'You have # more try.', other: 'You have # more tries.' })}`}</p>
      )}
    </SigningOverlayFrame>
  )
}

/** SPEC §2 TAN locked overlay: too many wrong codes. */
export function TanLockedOverlay({ props, loading, submit }: Props) {
  return (
    <SigningOverlayFrame
      tone="error"
      title={<Trans>Too many wrong TANs</Trans>}
      actions={
        <BusyButton busy={loading} size="lg" onClick={choose(submit, 'close')}>
          <Trans>Close</Trans>
        </BusyButton>
      }
    >
      <p>
        {props.viaSms ? (
          <Trans>
            For your security, this one-time password no longer works. Sign again to receive a new one by SMS.
          </Trans>
        ) : (
          <Trans>
            For your security, this TAN no longer works. Sign again to receive a new one by e-mail.
          </Trans>
        )}
      </p>
    </SigningOverlayFrame>
  )
}

/** SPEC §2 exhausted signatures overlay (SPEC §6 signing credit): the plans are one click away. */
export function ExhaustedSignaturesOverlay({ loading, submit }: Props) {
  return (
    <SigningOverlayFrame
      tone="info"
      title={<Trans>You have used your free signatures</Trans>}
      actions={
        <>
          <Button variant="secondary" size="lg" disabled={loading} onClick={choose(submit, 'close')}>
            <Trans>Not now</Trans>
          </Button>
          <BusyButton busy={loading} size="lg" onClick={choose(submit, 'upgrade')}>
            <Trans>See the plans</Trans>
          </BusyButton>
        </>
      }
    >
      <p>
        <Trans>Your free plan has no signatures left. Choose a plan to go on signing.</Trans>
      </p>
    </SigningOverlayFrame>
  )
}

/**
 * SPEC §2 Part 11 verification overlay: a business that signs under 21 CFR Part 11 has the signer enter
 * their password again, with the printed name and the meaning of the signature, which the signature and
 * the report then carry (11.50, 11.200). A wrong password is said here, the overlay asked again. A
 * direct-link signer has no password: they give the name and meaning, and the TAN asked next confirms them.
 */
export function Part11VerificationOverlay({ props, loading, error, submit }: Props) {
  const { i18n, t } = useLingui()
  const refusal = error ?? props.reason
  const byPassword = props.part11Credential !== 'tan'
  const [password, setPassword] = useState('')
  const [signingName, setSigningName] = useState(props.part11Defaults?.signingName ?? '')
  const [signingReason, setSigningReason] = useState(props.part11Defaults?.signingReason ?? '')
  const [checked, setChecked] = useState(false)
  const required = (value: string) =>
    checked && value.trim() === '' ? t`Please fill in this field.` : undefined
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if ((byPassword && password === '') || signingName.trim() === '' || signingReason.trim() === '') return
    const submission: Part11Submission = {
      part11: byPassword ? { password, signingName, signingReason } : { signingName, signingReason },
    }
    submit(submission)
  }
  return (
    <SigningOverlayFrame
      title={<Trans>Confirm your signature</Trans>}
      onSubmit={onSubmit}
      fields={
        <>
          {byPassword ? (
            <TextField
              label={<Trans>Password</Trans>}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={refusal ? i18n._(signingErrorMessage(refusal)) : required(password)}
              disabled={loading}
            />
          ) : null}
          <TextField
            label={<Trans>Printed name</Trans>}
            name="signingName"
            autoComplete="name"
            value={signingName}
            onChange={(e) => setSigningName(e.target.value)}
            error={required(signingName)}
            disabled={loading}
          />
          <TextField
            label={<Trans>Meaning of the signature</Trans>}
            name="signingReason"
            placeholder={t`for example: Approved, Reviewed, Authored`}
            value={signingReason}
            onChange={(e) => setSigningReason(e.target.value)}
            error={required(signingReason)}
            disabled={loading}
          />
        </>
      }
      actions={<CancelOrSign loading={loading} submit={submit} />}
    >
      {byPassword ? (
        <Trans>
          “{props.title}” is signed under FDA 21 CFR Part 11: enter your password again, and the name and
          meaning your signature is to carry. Both are recorded with the time of signing.
        </Trans>
      ) : (
        <Trans>
          “{props.title}” is signed under FDA 21 CFR Part 11: enter the name and meaning your signature is to
          carry, then confirm them with the TAN we e-mail you. Both are recorded with the time of signing.
        </Trans>
      )}
    </SigningOverlayFrame>
  )
}

const mobileView = (snapshot: SnapshotFrom<typeof signingMachine>) => ({
  errorCode: snapshot.context.errorCode,
  triesLeft: snapshot.context.tanTriesLeft,
  nextAt: snapshot.context.tanMail?.nextAt,
  resending: snapshot.matches({ mobileAes: 'resending' }),
})

/**
 * SPEC §2 mobile AES overlay: a qualified signature waits for the one-time password the mobile signing
 * provider sent by SMS to the signer's number (shown masked). A wrong password is said at the field with the
 * tries left; a new SMS can be asked for once a minute; cancelling declines the signing.
 */
export function MobileAesOverlay(overlay: Props) {
  const { signing } = overlay.props
  return signing ? <MobileAesForm {...overlay} signing={signing} /> : null
}

function MobileAesForm({ props, loading, submit, signing }: Props & { signing: SigningActor }) {
  const { t } = useLingui()
  const password = useOneTimeCode()
  const view = useSelector(signing, mobileView)
  // The first SMS went out with the sign call: the next may be asked for a minute later.
  const [firstSent] = useState(() => Date.now() + mobileSigningResendIntervalMs)
  const wrong = view.errorCode === 'signing.tan_invalid'
  const otherError = view.errorCode && !wrong ? new SigningFailure(view.errorCode) : undefined
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const digits = password.take()
    if (digits === undefined) return
    const submission: MobileAesSubmission = { pwdotp: digits }
    password.clear()
    submit(submission)
  }
  const number = props.maskedMobile ?? ''
  return (
    <SigningOverlayFrame
      tone="info"
      icon={
        <>
          <rect x="7" y="3" width="10" height="18" rx="2" />
          <path d="M11 17h2" />
        </>
      }
      title={<Trans>Confirm on your phone</Trans>}
      onSubmit={onSubmit}
      // What the machine says now: a new SMS asked for replaces the error of the password before it.
      error={otherError}
      fields={
        <OneTimeCodeField
          state={password}
          label={<Trans>One-time password from the SMS</Trans>}
          name="pwdotp"
          incompleteMessage={t`Enter the 6 digits of the SMS.`}
          wrongMessage={wrong ? t`This one-time password is not right.` : undefined}
          triesLeft={view.triesLeft}
          disabled={loading}
          resend={{
            busy: view.resending,
            nextAt: view.nextAt ?? firstSent,
            send: () => signing.send({ type: 'mobileAes.resend' }),
            label: (resendIn) =>
              resendIn > 0 ? <Trans>Send a new SMS in {resendIn} s</Trans> : <Trans>Send a new SMS</Trans>,
          }}
        />
      }
      actions={<CancelOrSign loading={loading} submit={submit} />}
    >
      <Trans>
        To sign “{props.title}” with a qualified electronic signature, enter the one-time password we sent by
        SMS to {number}.
      </Trans>
    </SigningOverlayFrame>
  )
}

const registrationOf = (snapshot: SnapshotFrom<typeof signingMachine>): MobileIdActor | undefined =>
  snapshot.children.mobileId

/**
 * Registering the mobile number, a step of an account's first qualified signing: a qualified signature is
 * confirmed with a one-time password by SMS, so the number comes first. Once it is registered the signing
 * goes on by itself and the SMS of the signature follows; cancelling signs nothing.
 */
export function MobileRegistrationOverlay({ props, loading, submit }: Props) {
  const registration = useSelector(props.signing, (s) => (s ? registrationOf(s) : undefined))
  return (
    <SigningOverlayFrame
      tone="info"
      icon={
        <>
          <rect x="7" y="3" width="10" height="18" rx="2" />
          <path d="M11 17h2" />
        </>
      }
      title={<Trans>Your mobile number</Trans>}
      fields={registration ? <MobileIdForm actor={registration} className={styles.fields} /> : null}
      actions={
        <Button variant="secondary" size="lg" disabled={loading} onClick={choose(submit, 'close')}>
          <Trans>Cancel</Trans>
        </Button>
      }
    >
      <p>
        <Trans>
          To sign “{props.title}” with a qualified electronic signature, you confirm it with a one-time
          password we send to your mobile phone. Enter your mobile number once; we check it with a code by
          SMS.
        </Trans>
      </p>
    </SigningOverlayFrame>
  )
}

/**
 * SPEC §2 serial number mismatch overlay: the account's name no longer matches the identity its qualified
 * certificate was issued for, so it cannot sign qualified until identified again.
 */
export function SerialNumberMismatchOverlay({ loading, submit }: Props) {
  return (
    <SigningOverlayFrame
      tone="warning"
      title={<Trans>Your identity does not match</Trans>}
      actions={
        <>
          <Button variant="secondary" size="lg" disabled={loading} onClick={choose(submit, 'close')}>
            <Trans>Close</Trans>
          </Button>
          <BusyButton busy={loading} size="lg" onClick={choose(submit, 'identify')}>
            <Trans>Identify again</Trans>
          </BusyButton>
        </>
      }
    >
      <p>
        <Trans>
          The name on your account is no longer the name you were identified with. A qualified signature must
          name the identified person: change your name back, or identify yourself again.
        </Trans>
      </p>
    </SigningOverlayFrame>
  )
}

/**
 * The sender asks for the signer's second factor right before the signature is applied (issue 42 §5): a code
 * of their authenticator app, or one of their recovery codes. A wrong code, or one used before, is said at the
 * field and asked for again.
 */
export function SecondFactorOverlay({ props, loading, error, submit }: Props) {
  const { i18n, t } = useLingui()
  const [code, setCode] = useState('')
  const [checked, setChecked] = useState(false)
  // A refused code is said at the field (the step is asked again), until another is typed.
  const refusal = error ?? props.secondFactorError
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    const entered = code.trim()
    if (entered === '') return
    const submission: SecondFactorSubmission = { secondFactorCode: entered }
    submit(submission)
  }
  return (
    <SigningOverlayFrame
      tone="info"
      icon={
        <>
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </>
      }
      title={<Trans>Confirm with two-step verification</Trans>}
      onSubmit={onSubmit}
      fields={
        <TextField
          label={<Trans>Code from your authenticator app</Trans>}
          name="secondFactorCode"
          autoComplete="one-time-code"
          inputMode="text"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={
            refusal && code === ''
              ? i18n._(signingErrorMessage(refusal))
              : checked && code.trim() === ''
                ? t`Please fill in this field.`
                : undefined
          }
          disabled={loading}
        />
      }
      actions={<CancelOrSign loading={loading} submit={submit} />}
    >
      <p>
        <Trans>
          The sender asks you to confirm your signature on “{props.title}” with two-step verification. Enter
          the code your authenticator app shows now, or one of your recovery codes.
        </Trans>
      </p>
    </SigningOverlayFrame>
  )
}

/**
 * The sender asks for a second factor at signing and the signer has none yet: they are led to set up
 * two-step verification on /profile/security, then sign again.
 */
export function SecondFactorSetupOverlay({ props, loading, submit }: Props) {
  return (
    <SigningOverlayFrame
      tone="warning"
      title={<Trans>Set up two-step verification first</Trans>}
      actions={
        <>
          <Button variant="secondary" size="lg" disabled={loading} onClick={choose(submit, 'close')}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton busy={loading} size="lg" onClick={choose(submit, 'setUpSecondFactor')}>
            <Trans>Set up two-step verification</Trans>
          </BusyButton>
        </>
      }
    >
      <p>
        <Trans>
          The sender asks you to confirm your signature on “{props.title}” with a code of an authenticator
          app. Set up two-step verification for your account, then come back to sign.
        </Trans>
      </p>
    </SigningOverlayFrame>
  )
}
