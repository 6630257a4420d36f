import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { maxActivityDays } from '../../../contract/activity.ts'
import { retentionDays, retentionNoticeDays } from '../../../contract/businesses.ts'
import { retentionTerminalStates } from '../../../contract/retention.ts'
import { retentionPreviewQueryOptions } from '../../api/business.ts'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { SelectField } from '../../ui/form/select-field.tsx'
import styles from './business.module.css'
import { ConfirmFrame } from './confirm-frame.tsx'

/** The terminal states retention can wait for, as the admin reads them. */
export const terminalStateLabels: Record<(typeof retentionTerminalStates)[number], MessageDescriptor> = {
  ANY: msg`Once it has ended in any way`,
  SIGNED: msg`Once it is signed`,
  DECLINED: msg`Once it is declined`,
  WITHDRAWN: msg`Once it is withdrawn`,
}

/** Props of the auto-deletion dialogs. */
export interface RetentionProps {
  businessId: string
  terminalState: (typeof retentionTerminalStates)[number]
}

/**
 * SPEC §2 general dialog "activate auto-deletion": the admin reads what goes and what stays (the record of
 * each signature, which the activity and billing read), picks when requests end for it, and sees before
 * confirming how many ended requests it would delete now (a dry run); the chosen state is the action's.
 */
export function ActivateRetentionDialog({
  props,
  ...dialog
}: DialogContentProps<RetentionProps, RetentionProps['terminalState']>) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const [terminalState, setTerminalState] = useState(props.terminalState)
  const { data: preview } = useQuery(retentionPreviewQueryOptions(api, props.businessId, terminalState))
  const days = retentionDays
  const notice = retentionNoticeDays
  const reach = maxActivityDays
  return (
    <ConfirmFrame
      dialog={{ ...dialog, submit: () => dialog.submit(terminalState) }}
      title={<Trans>Turn on automatic deletion?</Trans>}
      description={
        <Trans>
          Requests your business sends are deleted with their documents {days} days after they end. Everyone
          taking part is told by e-mail {notice} days before, and again on the day.
        </Trans>
      }
      confirm={<Trans>Turn on</Trans>}
    >
      <div className={styles.goesAndStays}>
        <p>
          <Trans>
            Deleted: the documents and their signed versions, attachments, page images, titles and messages.
          </Trans>
        </p>
        <p>
          <Trans>
            Kept for {reach} days: the record of each signature (who signed, at which level, when), so your
            activity, statistics, CSV exports and invoices stay as they are.
          </Trans>
        </p>
      </div>
      <SelectField
        label={<Trans>Delete a request</Trans>}
        value={terminalState}
        options={retentionTerminalStates.map((state) => ({
          value: state,
          label: i18n._(terminalStateLabels[state]),
        }))}
        onChange={setTerminalState}
      />
      <p role="status">
        {preview === undefined ? null : (
          <>
            <Plural
              value={preview.requests}
              _0="No ended request is old enough to be deleted now."
              one="# ended request is old enough to be deleted."
              other="# ended requests are old enough to be deleted."
            />{' '}
            {preview.requests > 0 ? (
              <Trans>
                Once you save the settings, everyone taking part is told, and the deletion follows {notice}{' '}
                days later.
              </Trans>
            ) : null}
          </>
        )}
      </p>
    </ConfirmFrame>
  )
}

/** SPEC §2 general dialog "deactivate auto-deletion": what stops when it is turned off. */
export function DeactivateRetentionDialog({ props: _, ...dialog }: DialogContentProps<RetentionProps>) {
  return (
    <ConfirmFrame
      dialog={dialog}
      title={<Trans>Turn off automatic deletion?</Trans>}
      description={
        <Trans>
          Ended requests are kept until someone deletes them. Deletions already announced by e-mail do not
          happen; requests deleted before stay deleted.
        </Trans>
      }
      confirm={<Trans>Turn off</Trans>}
    />
  )
}
