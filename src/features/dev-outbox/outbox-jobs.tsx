import { Trans, useLingui } from '@lingui/react/macro'
import type { OutboxJob } from '../../../contract/outbox.ts'
import { formatDateTime, type SupportedLocale } from '../../i18n/locales.ts'
import styles from './dev-outbox.module.css'

/** The jobs not yet done: mails waiting for the mail server (with their next try) and those that failed. */
export function OutboxJobs({ jobs }: { jobs: readonly OutboxJob[] }) {
  const { i18n, t } = useLingui()
  const locale = i18n.locale as SupportedLocale
  if (jobs.length === 0) return null
  const stateLabel = { waiting: t`Waiting`, running: t`Sending`, failed: t`Failed` }
  return (
    <section className={styles.jobs} aria-labelledby="outbox-jobs">
      <h2 id="outbox-jobs">
        <Trans>Not sent yet</Trans>
      </h2>
      <div className={styles.jobsTable}>
        <table>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Mail</Trans>
              </th>
              <th scope="col">
                <Trans>State</Trans>
              </th>
              <th scope="col">
                <Trans>Tries</Trans>
              </th>
              <th scope="col">
                <Trans>Next try</Trans>
              </th>
              <th scope="col">
                <Trans>Last error</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id}>
                <td>{job.to === null ? job.kind : `${job.subject ?? ''} → ${job.to}`}</td>
                <td>{stateLabel[job.state]}</td>
                <td>{job.attempts}</td>
                <td>
                  {job.state === 'failed' ? (
                    '—'
                  ) : (
                    <time dateTime={job.runAt}>{formatDateTime(job.runAt, locale)}</time>
                  )}
                </td>
                <td>{job.lastError ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
