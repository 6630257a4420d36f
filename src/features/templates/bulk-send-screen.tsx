import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { bulkColumnsOf } from '../../../contract/bulk-sends.ts'
import type { TemplateView } from '../../../contract/templates.ts'
import { bulkSendMachine } from '../../../machines/bulk-send/bulk-send.machine.ts'
import { selectBulkSend } from '../../../machines/bulk-send/bulk-send.selectors.ts'
import { errorCode } from '../../api/error-messages.ts'
import { inspect } from '../../lib/inspect.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { bulkRowProblemMessages, templateErrorMessage } from './template-messages.ts'
import styles from './templates.module.css'
import { checkBulkFile, getTemplateQueryOptions, sendBulkFile } from './templates-query.ts'

/**
 * `/templates/{id}/bulk` (issue 41 §2): the sender chooses a CSV or XLSX file with a row per request; the server
 * checks every row and the screen lists each refused cell (row, column, what is wrong) before anything is sent;
 * sending makes a request of each row that will do and opens the bulk send's progress.
 */
export function BulkSendScreen({ id }: { id: string }) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const template = useQuery(getTemplateQueryOptions(api, id))
  return (
    <div className={styles.page}>
      {template.isError ? (
        <FormAlert>{i18n._(templateErrorMessage(errorCode(template.error)))}</FormAlert>
      ) : template.data === undefined ? (
        <p className={styles.muted}>
          <Trans>Loading template…</Trans>
        </p>
      ) : (
        <BulkFileForm template={template.data} />
      )}
    </div>
  )
}

function BulkFileForm({ template }: { template: TemplateView }) {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const actor = useActorRef(
    bulkSendMachine.provide({
      actors: {
        checkFile: fromPromise(({ input }) => checkBulkFile(api, template.id, input.file)),
        sendFile: fromPromise(({ input }) => sendBulkFile(api, template.id, input.file)),
      },
      actions: {
        showBulkSend: (_, params) => void navigate({ to: '/bulk-sends/$id', params: { id: params.id } }),
      },
    }),
    { inspect },
  )
  const view = useSelector(actor, selectBulkSend)
  const columns = bulkColumnsOf(template)
    .map((column) => column.header)
    .join(', ')
  const { title } = template
  const check = view.check
  return (
    <section aria-labelledby="bulk-send">
      <h1 id="bulk-send">
        <Trans>Bulk send “{title}”</Trans>
      </h1>
      <p className={styles.muted}>
        <Trans>
          Choose a CSV or Excel (XLSX) file with a row per request. Its first row names the columns: {columns}
          . Only the e-mail columns are required. Every row is checked before anything is sent.
        </Trans>
      </p>
      <label className={styles.fileLabel}>
        <span>
          <Trans>File with the rows</Trans>
        </span>
        <input
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={view.checking || view.sending}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file !== undefined) actor.send({ type: 'file.choose', file })
            event.target.value = ''
          }}
        />
      </label>
      {view.checking ? (
        <p role="status" className={styles.muted}>
          <Trans>Checking the rows…</Trans>
        </p>
      ) : null}
      {view.errorCode !== null ? <FormAlert>{i18n._(templateErrorMessage(view.errorCode))}</FormAlert> : null}
      {check !== null ? (
        <div className={styles.check}>
          <p role="status">
            <Trans>
              {check.valid} rows can be sent, {check.refused} rows are refused.
            </Trans>
          </p>
          {check.errors.length > 0 ? (
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
                {check.errors.map((error) => (
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
            {check.valid > 0 ? (
              <BusyButton
                type="button"
                busy={view.sending}
                disabled={!view.canSend}
                onClick={() => actor.send({ type: 'rows.send' })}
              >
                <Trans>Send {check.valid} requests</Trans>
              </BusyButton>
            ) : null}
            <Button
              variant="secondary"
              disabled={view.sending}
              onClick={() => actor.send({ type: 'file.clear' })}
            >
              <Trans>Choose another file</Trans>
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  )
}
