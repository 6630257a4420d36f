import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'
import { EmailForm } from './email-form.tsx'
import { type SignupKind, signupKinds } from './mail-sent-screen.tsx'
import { useAuthCalls } from './use-auth-calls.ts'

/**
 * /signup, /business/signup and /signup/flows/eidplus/new (SPEC §2): the address to confirm; a link to
 * continue is mailed to it, in the page's language. The business signup goes on to open a business once the
 * account exists, the eID+ signup to identification.
 */
export function SignupScreen({ kind = 'signup' }: { kind?: SignupKind }) {
  const { confirmation, confirm, mailSent } = signupKinds[kind]
  const { t, i18n } = useLingui()
  const calls = useAuthCalls()
  const navigate = useNavigate()
  return (
    <>
      {kind === 'eidplus' ? (
        <AuthHeader title={<Trans>Create your account and get identified</Trans>}>
          <Trans>
            Enter your e-mail address. We will send you a link to confirm it; then you create your account and
            go straight on to identify yourself for advanced and qualified signatures.
          </Trans>
        </AuthHeader>
      ) : kind === 'businessSignup' ? (
        <AuthHeader title={<Trans>Open a business account</Trans>}>
          <Trans>
            Enter your work e-mail address. We will send you a link to confirm it, then you create your
            account and your business's, free for 14 days.
          </Trans>
        </AuthHeader>
      ) : (
        <AuthHeader title={<Trans>Create your account</Trans>}>
          <Trans>Enter your e-mail address. We will send you a link to confirm it and continue.</Trans>
        </AuthHeader>
      )}
      <EmailForm
        submitLabel={<Trans>Continue</Trans>}
        pendingLabel={<Trans>Sending…</Trans>}
        onSubmit={async (email) => {
          await calls.requestConfirmation({ email, flow: confirmation, lang: i18n.locale, confirm })
          await navigate({ to: mailSent, search: { email } })
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
