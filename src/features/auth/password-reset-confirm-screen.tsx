import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../ui/button/button.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'

/** /password-reset/confirm (SPEC §2): the new password is saved; sign in with it. */
export function PasswordResetConfirmScreen() {
  return (
    <div className={styles.center}>
      <AuthHeader title={<Trans>Your password has been changed</Trans>}>
        <Trans>
          You can now sign in with your new password. Other sessions of your account were signed out.
        </Trans>
      </AuthHeader>
      <Link to="/login" className={buttonClass({ size: 'lg', block: true })}>
        <Trans>Sign in</Trans>
      </Link>
    </div>
  )
}
