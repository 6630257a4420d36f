import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'
import { EmailForm } from './email-form.tsx'
import { useAuthCalls } from './use-auth-calls.ts'

// The path the mailed signup link opens; the server adds the token.
const signupConfirmPath = '/signup/confirm'

/** /signup (SPEC §2): the address to confirm; a link to continue is mailed to it. */
export function SignupScreen() {
  const { t, i18n } = useLingui()
  const calls = useAuthCalls()
  const navigate = useNavigate()
  return (
    <>
      <AuthHeader title={<Trans>Create your account</Trans>}>
        <Trans>Enter your e-mail address. We will send you a link to confirm it and continue.</Trans>
      </AuthHeader>
      <EmailForm
        submitLabel={<Trans>Continue</Trans>}
        pendingLabel={<Trans>Sending…</Trans>}
        onSubmit={async (email) => {
          await calls.requestConfirmation({
            email,
            flow: 'signup',
            lang: i18n.locale,
            confirm: signupConfirmPath,
          })
          await navigate({ to: '/signup/mail-sent', search: { email } })
        }}
      />
      <nav className={styles.links} aria-label={t`Account`}>
        <span>
          <Trans>
            Already have an account? <Link to="/login">Sign in</Link>
          </Trans>
        </span>
      </nav>
    </>
  )
}
