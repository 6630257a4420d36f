import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatDateTime, type SupportedLocale } from '../../i18n/locales.ts'
import { Button } from '../../ui/button/button.tsx'
import styles from './dev-outbox.module.css'
import { MailReader } from './mail-reader.tsx'
import { OutboxJobs } from './outbox-jobs.tsx'
import { useOutbox } from './use-outbox.ts'

/**
 * Outside production: the mails the server wrote to its outbox (ARCHITECTURE: Mail), newest first, and
 * the chosen one (`?mail=<id>`) beside the list, so people and tests can follow a mailed link.
 */
export function DevOutboxScreen({ mailId }: { mailId: string | undefined }) {
  const { i18n, t } = useLingui()
  const outbox = useOutbox()
  const locale = i18n.locale as SupportedLocale

  let list: ReactNode
  if (outbox.isPending) {
    list = (
      <p className={styles.state}>
        <Trans>Loading the outbox…</Trans>
      </p>
    )
  } else if (outbox.isError) {
    list = (
      <div className={styles.state} role="alert">
        <p>
          <Trans>The outbox cannot be read right now.</Trans>
        </p>
        <Button variant="secondary" size="sm" onClick={() => void outbox.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )
  } else if (outbox.data.mails.length === 0) {
    list = (
      <p className={styles.state}>
        <Trans>No mails yet. Every mail the server sends outside production shows up here.</Trans>
      </p>
    )
  } else {
    list = (
      <ul className={styles.list}>
        {outbox.data.mails.map((mail) => (
          <li key={mail.id}>
            <Link
              to="/dev/outbox"
              search={{ mail: mail.id }}
              className={styles.entry}
              aria-current={mail.id === mailId ? 'true' : undefined}
            >
              <span className={styles.subject}>{mail.subject}</span>
              <span className={styles.meta}>
                <span>{mail.to}</span>
                <time dateTime={mail.date}>{formatDateTime(mail.date, locale)}</time>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    )
  }

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <h1>
          <Trans>Outbox</Trans>
        </h1>
        <p>
          <Trans>Mails the server has sent, as their recipients get them. Not available in production.</Trans>
        </p>
      </header>
      {outbox.data ? <OutboxJobs jobs={outbox.data.jobs} /> : null}
      <div className={styles.columns}>
        <nav className={styles.listPane} aria-label={t`Mails`}>
          {list}
        </nav>
        <section className={styles.readerPane} aria-live="polite">
          {mailId === undefined ? (
            <p className={styles.state}>
              {outbox.data?.mails.length ? <Trans>Choose a mail to read it.</Trans> : null}
            </p>
          ) : (
            <MailReader id={mailId} />
          )}
        </section>
      </div>
    </div>
  )
}
