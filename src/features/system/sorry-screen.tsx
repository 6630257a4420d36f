import { Trans } from '@lingui/react/macro'
import { Link, useRouter } from '@tanstack/react-router'
import { Button, buttonClass } from '../../ui/button/button.tsx'
import { ServerErrorIllustration } from '../../ui/page/server-error-illustration.tsx'
import { StatusPage } from '../../ui/page/status-page.tsx'

/** SPEC §2/§8: where a server error (5xx not retried) sends the user. */
export function SorryScreen() {
  const router = useRouter()
  return (
    <StatusPage
      illustration={<ServerErrorIllustration />}
      title={<Trans>Sorry, something went wrong on our side</Trans>}
      actions={
        <>
          <Button onClick={() => router.history.back()}>
            <Trans>Try again</Trans>
          </Button>
          <Link to="/" className={buttonClass({ variant: 'secondary' })}>
            <Trans>Go to the start page</Trans>
          </Link>
        </>
      }
    >
      <p>
        <Trans>
          Our server could not complete your request. Nothing you entered was lost; please try again in a
          moment.
        </Trans>
      </p>
    </StatusPage>
  )
}
