import { Trans, useLingui } from '@lingui/react/macro'
import { ApiError } from '../../api/client.ts'
import { formatDateTime, type SupportedLocale } from '../../i18n/locales.ts'
import { isExternal } from '../../lib/navigation.ts'
import styles from './dev-outbox.module.css'
import { useOutboxMail } from './use-outbox-mail.ts'

/**
 * One mail of the outbox: its HTML part in a fully sandboxed frame (no scripts, no forms, no navigation,
 * a unique origin), its text part, and its links as links to click.
 */
export function MailReader({ id }: { id: string }) {
  const { i18n, t } = useLingui()
  const mail = useOutboxMail(id)

  if (mail.isPending) {
    return (
      <p className={styles.state}>
        <Trans>Loading the mail…</Trans>
      </p>
    )
  }
  if (mail.isError) {
    const gone = mail.error instanceof ApiError && mail.error.status === 404
    return (
      <p className={styles.state} role="alert">
        {gone ? (
          <Trans>There is no such mail in the outbox.</Trans>
        ) : (
          <Trans>This mail cannot be read right now.</Trans>
        )}
      </p>
    )
  }

  const { subject, to, date, html, text, links } = mail.data
  return (
    <article className={styles.reader} data-testid="outbox-mail">
      <header className={styles.readerHeader}>
        <h2>{subject}</h2>
        <dl className={styles.fields}>
          <dt>
            <Trans>To</Trans>
          </dt>
          <dd>{to}</dd>
          <dt>
            <Trans>Sent</Trans>
          </dt>
          <dd>
            <time dateTime={date}>{formatDateTime(date, i18n.locale as SupportedLocale)}</time>
          </dd>
        </dl>
      </header>

      <h3>
        <Trans>Links</Trans>
      </h3>
      {links.length === 0 ? (
        <p className={styles.state}>
          <Trans>This mail has no links.</Trans>
        </p>
      ) : (
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link}>
              {isExternal(link, window.location.origin) ? (
                <a href={link} target="_blank" rel="external noopener noreferrer" data-external="">
                  {link}
                  <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
                </a>
              ) : (
                <a href={link}>{link}</a>
              )}
            </li>
          ))}
        </ul>
      )}

      <h3>
        <Trans>HTML part</Trans>
      </h3>
      <iframe className={styles.html} sandbox="" srcDoc={html} title={t`HTML part of the mail: ${subject}`} />

      <h3>
        <Trans>Text part</Trans>
      </h3>
      <pre className={styles.text}>{text}</pre>
    </article>
  )
}
