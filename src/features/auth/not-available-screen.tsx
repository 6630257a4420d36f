import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../ui/button/button.tsx'
import styles from './auth.module.css'
import { AuthHeader } from './auth-header.tsx'

/** /not-available (SPEC §2): the feature the user asked for is not part of their plan or region. */
export function NotAvailableScreen() {
  return (
    <div className={styles.center}>
      <AuthHeader title={<Trans>Not available</Trans>}>
        <Trans>
          This feature is not available with your plan or in your region. A different plan may include it.
        </Trans>
      </AuthHeader>
      <div className={styles.actions}>
        <Link to="/dashboard" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          <Trans>Back to the dashboard</Trans>
        </Link>
        <Link to="/upgrade" className={buttonClass({ size: 'lg' })}>
          <Trans>See the plans</Trans>
        </Link>
      </div>
    </div>
  )
}
