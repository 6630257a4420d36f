import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { apiPaths } from '../../../contract/paths.ts'
import { errorCode } from '../../api/error-messages.ts'
import { Button } from '../../ui/button/button.tsx'
import { saveFile } from '../../ui/file/save-file.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { bulkRowProblemMessages, templateErrorMessage } from './template-messages.ts'
import styles from './templates.module.css'
import { getBulkSendQueryOptions } from './templates-query.ts'

/**
 * `/bulk-sends/{id}` (issue 41 §2): a bulk send's progress, asked for every 2 s while rows are queued: a bar, the
 * rows sent, failed and refused, the refused cells, and its result as CSV.
 */
export function BulkSendProgressScreen({ id }: { id: string }) {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const bulk = useQuery(getBulkSendQueryOptions(api, id))
  const download = async () => {
    const csv = await api.request<Blob>(apiPaths.bulkSendResult(id), { responseType: 'blob' })
    saveFile(csv, `bulk-send-${id}.csv`)
  }
  if (bulk.isError)
    return (
      <div className={styles.page}>
        <FormAlert>{i18n._(templateErrorMessage(errorCode(bulk.error)))}</FormAlert>
      </div>
    )
  if (bulk.data === undefined)
    return (
      <div className={styles.page}>
        <p className={styles.muted}>
          <Trans>Loading bulk send…</Trans>
        </p>
      </div>
    )
  const { title, sent, failed, refused, queued, total, errors } = bulk.data
  const toSend = sent + failed + queued
  const done = sent + failed
  return (
    <div className={styles.page}>
      <h1>
        <Trans>Bulk send “{title}”</Trans>
      </h1>
      <progress
        className={styles.progress}
        max={Math.max(toSend, 1)}
        value={done}
        aria-label={t`Requests sent`}
      />
      <p role="status">
        {queued > 0 ? (
          <Trans>
            Sending: {done} of {toSend} rows done.
          </Trans>
        ) : (
          <Trans>Done: all {total} rows handled.</Trans>
        )}
      </p>
      <dl className={styles.counts}>
        <div>
          <dt>
            <Trans>Sent</Trans>
          </dt>
          <dd>{sent}</dd>
        </div>
        <div>
          <dt>
            <Trans>Failed</Trans>
          </dt>
          <dd>{failed}</dd>
        </div>
        <div>
          <dt>
            <Trans>Refused</Trans>
          </dt>
          <dd>{refused}</dd>
        </div>
      </dl>
      {errors.length > 0 ? (
        <table className={styles.table} aria-label={t`Refused rows`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Row</Trans>
              </th>
              <th scope="col">
                <Trans>Column</Trans>
              </th>
              <th scope="col">
                <Trans>What is wrong</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error) => (
              <tr key={`${error.row}:${error.column}`}>
                <td>{error.row}</td>
                <td>{error.column}</td>
                <td>{i18n._(bulkRowProblemMessages[error.problem])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void download()}>
          <Trans>Download the result (CSV)</Trans>
        </Button>
      </div>
    </div>
  )
}
