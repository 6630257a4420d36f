import { Trans } from '@lingui/react/macro'
import { StatusPage } from '../../ui/page/status-page.tsx'

/** SPEC §2/§8: shown while a blocking maintenance is in progress. */
export function MaintenanceScreen() {
  return (
    <StatusPage illustration={false} title={<Trans>We are doing some maintenance</Trans>}>
      <p>
        <Trans>
          The service is briefly unavailable while we work on it. Your documents and signatures are safe.
          Please come back in a few minutes.
        </Trans>
      </p>
    </StatusPage>
  )
}
