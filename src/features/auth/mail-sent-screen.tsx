import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { mailedLinkHours } from '../../../contract/user.ts'
import { errorCode, errorMessage } from '../../api/error-messages.ts'
import { Button } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'
import { validateEmailSearch } from './auth-search.ts'
import { useAuthCalls } from './use-auth-calls.ts'

const { confirmation: confirmationHours, reset: resetHours } = mailedLinkHours

/**
 * The ways to sign up (SPEC §2): an account, an account that then opens a business, or an account that goes
 * straight on to identification (eID+, whose "check your inbox" is its start page with the address).
 */
export const signupKinds = {
  signup: {
    confirmation: 'signup',
    confirm: '/signup/confirm',
    start: '/signup',
    mailSent: '/signup/mail-sent',
  },
  businessSignup: {
    confirmation: 'business_signup',
    confirm: '/business/signup/steps',
    start: '/business/signup',
    mailSent: '/business/signup/mail-sent',
  },
  eidplus: {
    confirmation: 'eidplus',
    confirm: '/signup/flows/eidplus/confirm',
    start: '/signup/flows/eidplus/new',
    mailSent: '/signup/flows/eidplus/new',
  },
} as const
export type SignupKind = keyof typeof signupKinds

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; code: string }

/**
 * /signup/mail-sent and /password-reset/mail-sent (SPEC §2): check the inbox, the address the
 * link went to, and a button to send it again.
 */
export function MailSentScreen({ flow }: { flow: SignupKind | 'reset' }) {
  const { i18n } = useLingui()
  const calls = useAuthCalls()
  const { email } = validateEmailSearch(useSearch({ strict: false }))
  const [status, setStatus] = useState<Status>({ kind: 'idle' })

  const resend = async () => {
    if (!email) return
    setStatus({ kind: 'sending' })
    try {
      if (flow !== 'reset') {
        const { confirmation, confirm } = signupKinds[flow]
        await calls.requestConfirmation({ email, flow: confirmation, lang: i18n.locale, confirm })
      } else {
        await calls.requestReset({ email, lang: i18n.locale })
      }
      setStatus({ kind: 'sent' })
    } catch (error) {
      setStatus({ kind: 'failed', code: errorCode(error) })
    }
  }

  return (
    <div className={styles.center}>
      <AuthHeader title={<Trans>Check your inbox</Trans>} />
      {email ? (
        flow !== 'reset' ? (
          <p>
            <Trans>
              We sent a link to <span className={styles.address}>{email}</span>. Open it to confirm your
              address and continue creating your account.
            </Trans>
          </p>
        ) : (
          <p>
            <Trans>
              If there is an account for <span className={styles.address}>{email}</span>, we sent it a link to
              choose a new password.
            </Trans>
          </p>
        )
      ) : (
        <p>
          <Trans>We sent you a link. Open it to continue.</Trans>
        </p>
      )}
      <p>
        {flow !== 'reset' ? (
          <Trans>
            The link is valid for {confirmationHours} hours. No mail? Look in your spam folder, or send it
            again.
          </Trans>
        ) : (
          <Trans>
            The link is valid for {resetHours} hour. No mail? Look in your spam folder, or send it again.
          </Trans>
        )}
      </p>
      {status.kind === 'sent' ? (
        <FormAlert tone="success">
          <Trans>We sent the link again.</Trans>
        </FormAlert>
      ) : null}
      {status.kind === 'failed' ? <FormAlert>{i18n._(errorMessage(status.code))}</FormAlert> : null}
      <div className={styles.actions}>
        <Link
          to={flow === 'reset' ? '/password-reset' : signupKinds[flow].start}
          className={styles.inlineLink}
        >
          <Trans>Use another address</Trans>
        </Link>
        {email ? (
          <Button variant="secondary" onClick={resend} disabled={status.kind === 'sending'}>
            <Trans>Send the link again</Trans>
          </Button>
        ) : null}
      </div>
    </div>
  )
}
