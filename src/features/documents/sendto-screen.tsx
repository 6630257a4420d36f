import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { apiPaths } from '../../../contract/paths.ts'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { buttonClass } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { requestStatusLabels } from '../../ui/request/request-status-badge.tsx'
import styles from './documents.module.css'
import { requestErrorMessage } from './request-messages.ts'
import { getSendtoQueryOptions } from './sendto-query.ts'
import { signatureRequestKeys } from './signature-request-query.ts'

/**
 * /sendto/{id}?token=: a signed-in user opened a signing link sent to an address: the screen shows what the
 * link is for and claims it into their account (POST .../claim), then opens the request.
 */
export function SendtoScreen({ id, token }: { id: string; token: string }) {
  const { i18n, t } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const summary = useQuery(getSendtoQueryOptions(api, id, token))
  const [claiming, setClaiming] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const claim = async () => {
    setClaiming(true)
    setFailure(null)
    try {
      await api.request(apiPaths.sendtoClaim(id, token), { method: 'POST', retries: 0 })
      await queryClient.invalidateQueries({ queryKey: signatureRequestKeys.lists() })
      await navigate({ to: '/view/$srid', params: { srid: summary.data?.signatureRequestId ?? '' } })
    } catch (error) {
      setFailure(`${t`Failed to claim signature request.`} ${i18n._(requestErrorMessage(errorCode(error)))}`)
      setClaiming(false)
    }
  }

  if (summary.error) {
    return (
      <div className={`${styles.page} ${styles.narrow}`}>
        <header className={styles.header}>
          <h1>
            <Trans>This link cannot be used</Trans>
          </h1>
        </header>
        <FormAlert>{i18n._(requestErrorMessage(errorCode(summary.error)))}</FormAlert>
        <Link to="/dashboard" className={buttonClass({ variant: 'secondary' })}>
          <Trans>Back to your requests</Trans>
        </Link>
      </div>
    )
  }
  if (!summary.data) {
    return (
      <p role="status" className={styles.note}>
        <Trans>Loading…</Trans>
      </p>
    )
  }
  const { title, senderEmail, signerEmail, documentsCount, statusOverall } = summary.data
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <header className={styles.header}>
        <h1>
          <Trans>You were asked to sign</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>
            {senderEmail} sent “{title}” to {signerEmail}. Add it to your account to sign it.
          </Trans>
        </p>
      </header>
      <section className={styles.card} aria-label={title}>
        <span className={styles.strong}>{title}</span>
        <span className={styles.muted}>
          <Plural value={documentsCount} one="# document" other="# documents" />
          {' · '}
          {i18n._(requestStatusLabels[statusOverall])}
        </span>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <div>
          <BusyButton busy={claiming} onClick={() => void claim()}>
            <Trans>Add to my account</Trans>
          </BusyButton>
        </div>
      </section>
    </div>
  )
}
