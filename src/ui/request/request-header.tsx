import { Trans, useLingui } from '@lingui/react/macro'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import styles from './request.module.css'
import { RequestStatusBadge } from './request-status-badge.tsx'

/** The head of a request's page: its title and status, who sent it when, and the sender's message. */
export function RequestHeader({ request }: { request: SignatureRequestView }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
  const owner = request.ownerEmail
  return (
    <header className={styles.header}>
      <div className={styles.headline}>
        <h1>{request.title}</h1>
        <RequestStatusBadge status={request.statusOverall} />
      </div>
      <p className={styles.sent}>
        {request.isOwner ? <Trans>Sent by you</Trans> : <Trans>Sent by {owner}</Trans>}
        {' · '}
        <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, locale)}</time>
      </p>
      {request.message ? <p className={styles.message}>{request.message}</p> : null}
    </header>
  )
}
