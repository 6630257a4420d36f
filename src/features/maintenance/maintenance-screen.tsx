import { Trans } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useEffect } from 'react'
import { productName } from '../../../contract/app-config.ts'
import { MAINTENANCE_POLL_INTERVAL_MS } from '../../../machines/maintenance/maintenance.constants.ts'
import { buttonClass } from '../../ui/button/button.tsx'
import { StatusPage } from '../../ui/page/status-page.tsx'
import { ExternalLink } from './external-link.tsx'
import { useMaintenanceNotice } from './use-maintenance-notice.ts'

/**
 * SPEC §2/§8: shown while a blocking maintenance is in progress, with the notice's link. A visitor is
 * not polled elsewhere, so this screen checks again every 60 s; once nothing blocks, it offers the way back.
 */
export function MaintenanceScreen() {
  const { maintenance } = useRouteContext({ from: '__root__' })
  const notice = useMaintenanceNotice()
  useEffect(() => {
    const timer = setInterval(() => void maintenance.recheck(), MAINTENANCE_POLL_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [maintenance])

  if (!notice?.isBlocking) {
    return (
      <StatusPage
        illustration={false}
        title={<Trans>The maintenance is over</Trans>}
        actions={
          <Link to="/" className={buttonClass({})}>
            <Trans>Continue to {productName}</Trans>
          </Link>
        }
      >
        <p>
          <Trans>Thank you for your patience. Everything works again.</Trans>
        </p>
      </StatusPage>
    )
  }
  return (
    <StatusPage
      illustration={false}
      title={<Trans>We are doing some maintenance</Trans>}
      actions={
        <ExternalLink href={notice.url} className={buttonClass({ variant: 'secondary' })}>
          <Trans>See the status page</Trans>
        </ExternalLink>
      }
    >
      <p>
        <Trans>
          The service is briefly unavailable while we work on it. Your documents and signatures are safe.
          Please come back in a few minutes.
        </Trans>
      </p>
    </StatusPage>
  )
}
