import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'
import { EmailForm } from './email-form.tsx'
import { useAuthCalls } from './use-auth-calls.ts'

const route = getRouteApi('/password-reset/')

/** /password-reset (SPEC §2): the address to mail a reset link to, filled in when the sign-in knew it. */
export function PasswordResetScreen() {
  const { email } = route.useSearch()
  const { t, i18n } = useLingui()
  const calls = useAuthCalls()
  const navigate = useNavigate()
  return (
    <>
      <AuthHeader title={<Trans>Reset your password</Trans>}>
        <Trans>
          Enter the e-mail address of your account. We will send you a link to choose a new password.
        </Trans>
      </AuthHeader>
      <EmailForm
        submitLabel={<Trans>Send link</Trans>}
        pendingLabel={<Trans>Sending…</Trans>}
        initialEmail={email}
        onSubmit={async (email) => {
          await calls.requestReset({ email, lang: i18n.locale })
          await navigate({ to: '/password-reset/mail-sent', search: { email } })
        }}
      />
      <nav className={styles.links} aria-label={t`Account`}>
        <Link to="/login">
          <Trans>Back to sign in</Trans>
        </Link>
      </nav>
    </>
  )
}
