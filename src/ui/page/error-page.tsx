import { Trans } from '@lingui/react/macro'
import { buttonClass } from '../button/button.tsx'
import { StatusPage } from './status-page.tsx'

/** SPEC §2: the page for any fatal error but a 401: heading, subtitle, button to the main site, image. */
export function ErrorPage() {
  return (
    <StatusPage
      title={<Trans>Something went wrong</Trans>}
      actions={
        <a href="/" className={buttonClass({})}>
          <Trans>Back to the main site</Trans>
        </a>
      }
    >
      <p>
        <Trans>
          This page could not be shown. Please try again; if it keeps happening, contact our support.
        </Trans>
      </p>
    </StatusPage>
  )
}
