import { Trans } from '@lingui/react/macro'
import { ExternalLink } from './external-link.tsx'
import { hasInternalCookie } from './internal-cookie.ts'
import styles from './maintenance-banner.module.css'
import { useMaintenanceNotice } from './use-maintenance-notice.ts'

/**
 * SPEC §2: the yellow banner at the top while a non-blocking maintenance notice is active, with a link to
 * the notice. Staff let through a blocking maintenance by the internal cookie see it too, as a reminder.
 */
export function MaintenanceBanner() {
  const notice = useMaintenanceNotice()
  if (notice === null) return null
  const internal = notice.isBlocking && hasInternalCookie()
  if (notice.isBlocking && !internal) return null
  return (
    <div className={styles.banner} role="status" data-testid="maintenance-banner">
      <div className={styles.content}>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z" />
        </svg>
        <p>
          {internal ? (
            <Trans>
              A blocking maintenance is in progress. Your staff access lets you use the app meanwhile.
            </Trans>
          ) : (
            <Trans>We are working on the service: some features may be slow or briefly unavailable.</Trans>
          )}{' '}
          <ExternalLink href={notice.url} className={styles.link}>
            <Trans>See the status page</Trans>
          </ExternalLink>
        </p>
      </div>
    </div>
  )
}
