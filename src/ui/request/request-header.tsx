import { Trans, useLingui } from '@lingui/react/macro'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { apiUserEmailDomain } from '../../../contract/user.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import styles from './request.module.css'
import { RequestStatusBadge } from './request-status-badge.tsx'

/**
 * The head of a request's page: the logo of the business it is sent for, its title and status, who sent it
 * when (a draft: that it is not sent yet, and when it was made), and the sender's message.
 */
export function RequestHeader({ request }: { request: SignatureRequestView }) {
  const { i18n, t } = useLingui()
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
  const { business } = request
  // An API user's account has a made-up address: its requests are the business's own.
  const owner = request.ownerEmail.endsWith(`@${apiUserEmailDomain}`)
    ? (business?.name ?? request.ownerEmail)
    : request.ownerEmail
  return (
    <header className={styles.header}>
      {business?.logoUrl ? (
        <img className={styles.logo} src={business.logoUrl} alt={t`Logo of ${business.name}`} />
      ) : null}
      <div className={styles.headline}>
        <h1>{request.title}</h1>
        <RequestStatusBadge status={request.statusOverall} />
      </div>
      <p className={styles.sent}>
        {request.statusOverall === 'DRAFT' ? (
          <Trans>Draft, not sent yet</Trans>
        ) : request.isOwner ? (
          <Trans>Sent by you</Trans>
        ) : business && owner !== business.name ? (
          <Trans>
            Sent by {owner} for {business.name}
          </Trans>
        ) : (
          <Trans>Sent by {owner}</Trans>
        )}
        {' · '}
        <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, locale)}</time>
      </p>
      {request.message ? <p className={styles.message}>{request.message}</p> : null}
    </header>
  )
}
