import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../ui/button/button.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'

/**
 * /sso/error and /sso/error/company (SPEC §2): single sign-on failed, in general or because the
 * company's identity provider refused or is not set up; what to do next, and the server's reason code.
 */
export function SsoErrorScreen({
  reason,
  code,
}: {
  reason: 'general' | 'company'
  code?: string | undefined
}) {
  return (
    <div className={styles.center}>
      <AuthHeader title={<Trans>Single sign-on did not work</Trans>}>
        {reason === 'company' ? (
          <Trans>
            Your company's sign-in service did not let you in, or your company has not set it up for this app
            yet. Please ask your company's IT administrator, or sign in with your e-mail address and password.
          </Trans>
        ) : code === 'email_unverified' ? (
          <Trans>
            Your sign-in service has not confirmed your e-mail address. Please confirm it there first.
          </Trans>
        ) : (
          <Trans>
            We could not complete your sign-in with the identity provider. It may have been cancelled or have
            taken too long. Please try again.
          </Trans>
        )}
      </AuthHeader>
      {code === undefined ? null : (
        <p>
          <Trans>Error code for your IT administrator: {code}</Trans>
        </p>
      )}
      <Link to="/login" className={buttonClass({ size: 'lg', block: true })}>
        <Trans>Back to sign in</Trans>
      </Link>
    </div>
  )
}
