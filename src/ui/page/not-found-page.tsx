import { Trans } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { buttonClass } from '../button/button.tsx'
import styles from './page.module.css'
import { StatusPage } from './status-page.tsx'

/** SPEC §2/§8: unknown routes and route validation failures show 'Page Not Found' and the path. */
export function NotFoundPage() {
  const { pathname } = useLocation()
  return (
    <StatusPage
      title={<Trans>Page Not Found</Trans>}
      actions={
        <Link to="/" className={buttonClass({})}>
          <Trans>Go to the start page</Trans>
        </Link>
      }
    >
      <p>
        <Trans>There is no page at this address:</Trans>
      </p>
      <code className={styles.path} data-testid="not-found-path">
        {pathname}
      </code>
    </StatusPage>
  )
}
