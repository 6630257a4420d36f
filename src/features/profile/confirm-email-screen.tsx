import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import { buttonClass } from '../../ui/button/button.tsx'
import { StatusPage } from '../../ui/page/status-page.tsx'
import { checkConfirmation } from './profile-calls.ts'

/** /profile/confirm?token=: the result of the link that confirms a new e-mail address. */
export function ConfirmEmailScreen({ token }: { token: string | undefined }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const result = useQuery({
    queryKey: ['confirmation', token],
    queryFn: () => checkConfirmation(api, token ?? '', i18n.locale),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  })
  const back = (
    <Link to="/profile" className={buttonClass({})}>
      <Trans>Go to your profile</Trans>
    </Link>
  )
  if (token && result.isPending) {
    return (
      <StatusPage illustration={false} title={<Trans>Checking your link…</Trans>}>
        <p role="status">
          <Trans>One moment, please.</Trans>
        </p>
      </StatusPage>
    )
  }
  const confirmed = result.data?.valid === true && result.data.flow === 'change_email'
  const email = result.data?.email ?? ''
  if (confirmed) {
    return (
      <StatusPage illustration={false} title={<Trans>E-mail address confirmed</Trans>} actions={back}>
        <p>
          <Trans>From now on, Signet writes to {email}.</Trans>
        </p>
      </StatusPage>
    )
  }
  return (
    <StatusPage illustration={false} title={<Trans>This link does not work</Trans>} actions={back}>
      <p>
        <Trans>
          The link is not valid any more or was already used. Change your e-mail address again to get a new
          one.
        </Trans>
      </p>
    </StatusPage>
  )
}
