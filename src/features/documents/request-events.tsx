import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SignatureRequestEventList } from '../../../contract/signature-requests.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import styles from './documents.module.css'

/** What each entry of the audit trail says happened. */
const eventLabels: Record<string, MessageDescriptor> = {
  created: msg`Request created`,
  document_added: msg`Document added`,
  document_removed: msg`Document removed`,
  initiated: msg`Request sent to the signers`,
  updated: msg`Request details changed`,
  signer_added: msg`Signer added`,
  signer_removed: msg`Signer removed`,
  fields_placed: msg`Signature field placed`,
  reminded: msg`Signers reminded`,
  delegated: msg`Signing delegated`,
  claimed: msg`Invitation claimed`,
  signed: msg`Signed`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn`,
  attachment_added: msg`Attachment added`,
  attachment_removed: msg`Attachment removed`,
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined)

/** The audit trail of a request (GET .../events): what happened, who did it, when and from where. */
export function RequestEvents({ events }: { events: SignatureRequestEventList['events'] }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
  return (
    <ol className={styles.events}>
      {events.map((event) => {
        const who = event.actorEmail ?? text(event.detail.signerEmail)
        const about = text(event.detail.email) ?? text(event.detail.title)
        const message = text(event.detail.message)
        const ip = event.ip
        return (
          <li key={event.id} className={styles.event}>
            <span className={styles.eventWhat}>
              {i18n._(eventLabels[event.type] ?? msg`Changed`)}
              {about ? <span className={styles.muted}> · {about}</span> : null}
            </span>
            <span className={styles.muted}>
              <time dateTime={event.createdAt}>{formatDateTime(event.createdAt, locale)}</time>
              {who ? ` · ${who}` : null}
              {ip ? (
                <>
                  {' · '}
                  <Trans>from {ip}</Trans>
                </>
              ) : null}
            </span>
            {message ? <q className={styles.eventMessage}>{message}</q> : null}
          </li>
        )
      })}
    </ol>
  )
}
