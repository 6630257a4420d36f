import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../ui/button/button.tsx'
import styles from './business.module.css'
import { BusinessStatus } from './business-dashboard-screen.tsx'
import { BusinessPage } from './business-page.tsx'

/** /business/welcome: the business is open; what to do first. */
export function BusinessWelcomeScreen() {
  return (
    <BusinessPage title={<Trans>Your business account is ready</Trans>}>
      {(business) => (
        <>
          <p className={styles.lead}>
            <Trans>
              You are the admin of {business.name}. Invite your colleagues: as members they sign on the
              business's account.
            </Trans>
          </p>
          <BusinessStatus business={business} />
          <div className={styles.toolbar}>
            <Link to="/business/members" className={buttonClass({})}>
              <Trans>Invite members</Trans>
            </Link>
            <Link to="/business/dashboard" className={buttonClass({ variant: 'secondary' })}>
              <Trans>Go to the overview</Trans>
            </Link>
          </div>
        </>
      )}
    </BusinessPage>
  )
}
