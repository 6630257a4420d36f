import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { IdentificationMode, IdentificationProvider } from '../../../contract/identification.ts'
import {
  type ChangedRequestField,
  type RequestEventFacts,
  requestEventFacts,
  type SigningVerification,
} from '../../../contract/request-events.ts'
import type { SignatureRequestEventList } from '../../../contract/signature-requests.ts'
import { errorCode } from '../../api/error-messages.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import styles from './documents.module.css'
import { requestErrorMessage } from './request-messages.ts'

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
  turn_started: msg`Next signers asked`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn`,
  expired: msg`Expired`,
  attachment_added: msg`Attachment added`,
  attachment_removed: msg`Attachment removed`,
}

const identificationModes: Record<IdentificationMode, MessageDescriptor> = {
  video: msg`video identification`,
  robo: msg`self identification`,
  autoident: msg`automatic identification`,
  eid: msg`Austrian eID`,
}

// Identification providers are named alike in every language, as in the report.
const providerNames: Record<IdentificationProvider, string> = {
  eidas: 'eIDAS',
  zertes: 'ZertES',
  austria: 'Austria',
}

const fieldLabels: Record<ChangedRequestField, MessageDescriptor> = {
  title: msg`Title`,
  message: msg`Message`,
  quality: msg`Signature standard`,
  legislation: msg`Legislation`,
  expiresAt: msg`Expires`,
  remindEveryDays: msg`Remind every (days)`,
  remindAtMost: msg`Reminders at most`,
}

/** One way a signer proved who they were, in the report's words. */
function verificationText(i18n: I18n, verification: SigningVerification): string {
  switch (verification.method) {
    case 'sign_in':
      return i18n._(msg`signing in to the account`)
    case 'password':
      return i18n._(msg`the account password entered again`)
    case 'tan': {
      const { to } = verification
      return i18n._(msg`TAN sent to ${to}`)
    }
    case 'second_factor':
      return verification.kind === 'totp'
        ? i18n._(msg`a code of the authenticator app (second factor)`)
        : i18n._(msg`a recovery code (second factor)`)
    case 'sms_otp': {
      const { to } = verification
      return i18n._(msg`one-time password by SMS to ${to}`)
    }
    case 'identification':
      return `${i18n._(identificationModes[verification.mode])} (${providerNames[verification.provider]})`
    case 'vouched': {
      const { business } = verification
      return i18n._(msg`vouched for by ${business}`)
    }
    case 'seal': {
      const { seal, usedBy } = verification
      return i18n._(msg`seal “${seal}” used by ${usedBy}`)
    }
  }
}

/**
 * What an entry says beyond what, who and when, line by line as the PDF report says it
 * (server/signature-requests/render-report-pdf.ts): a signature's standard, how its signer was verified, the
 * identification handed to the QTSP that made it, and its Part 11 name and meaning; the changes of the request's
 * details.
 */
function factLines(i18n: I18n, facts: RequestEventFacts): string[] {
  const lines: string[] = []
  const { signature } = facts
  if (signature !== undefined) {
    const quality = signature.quality.toUpperCase()
    lines.push(
      signature.part11 === undefined
        ? i18n._(msg`Signature standard: ${quality}`)
        : i18n._(msg`Signature standard: ${quality}, FDA 21 CFR Part 11`),
    )
    if (signature.verifications.length > 0) {
      const ways = signature.verifications.map((each) => verificationText(i18n, each)).join('; ')
      lines.push(i18n._(msg`Verified by: ${ways}`))
    }
    if (signature.handedToQtsp !== undefined) {
      const { reference, ...evidence } = signature.handedToQtsp
      const identification = verificationText(i18n, { method: 'identification', ...evidence })
      lines.push(
        i18n._(
          msg`Identification handed to the trust service provider: ${identification}, reference ${reference}`,
        ),
      )
    }
    if (signature.part11 !== undefined) {
      const { name, meaning } = signature.part11
      lines.push(i18n._(msg`signed as ${name}, meaning: ${meaning}`))
    }
  }
  for (const change of facts.changes ?? []) {
    const value = (text: string | null) =>
      text === null || text === ''
        ? i18n._(msg`(empty)`)
        : change.field === 'quality'
          ? text.toUpperCase()
          : text
    const field = i18n._(fieldLabels[change.field])
    const before = value(change.before)
    const after = value(change.after)
    lines.push(i18n._(msg`${field} changed from “${before}” to “${after}”`))
  }
  return lines
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined)

/** The audit trail of a request (GET .../events): what happened, who did it, when and from where, and how. */
function RequestEvents({ events }: { events: SignatureRequestEventList['events'] }) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
  return (
    <ol className={styles.events}>
      {events.map((event) => {
        const facts = requestEventFacts(event)
        const ip = event.ip
        // A seal's signature names the seal and who used it (events before the label was kept name the seal).
        const seal =
          event.type === 'signed' ? (text(event.detail.sealLabel) ?? text(event.detail.seal)) : undefined
        const sealedBy = text(event.detail.sealedBy) ?? event.actorEmail ?? ''
        return (
          <li key={event.id} className={styles.event}>
            <span className={styles.eventWhat}>
              {seal ? (
                <Trans>
                  Sealed with {seal} by {sealedBy}
                </Trans>
              ) : (
                i18n._(eventLabels[event.type] ?? msg`Changed`)
              )}
              {facts.about ? <span className={styles.muted}> · {facts.about}</span> : null}
            </span>
            <span className={styles.muted}>
              <time dateTime={event.createdAt}>{formatDateTime(event.createdAt, locale)}</time>
              {event.actorEmail ? ` · ${event.actorEmail}` : null}
              {ip ? (
                <>
                  {' · '}
                  <Trans>from {ip}</Trans>
                </>
              ) : null}
            </span>
            {factLines(i18n, facts).map((line) => (
              <span key={line} className={styles.muted}>
                {line}
              </span>
            ))}
            {facts.message ? <q className={styles.eventMessage}>{facts.message}</q> : null}
          </li>
        )
      })}
    </ol>
  )
}

/** The request view's History card: the request's audit trail once loaded, or why it could not be. */
export function RequestHistory({
  events,
  error,
}: {
  events: SignatureRequestEventList | undefined
  error: unknown
}) {
  const { i18n } = useLingui()
  return (
    <section className={styles.card} aria-labelledby="events-heading">
      <h2 id="events-heading">
        <Trans>History</Trans>
      </h2>
      {events ? (
        <RequestEvents events={events.events} />
      ) : error ? (
        <FormAlert>{i18n._(requestErrorMessage(errorCode(error)))}</FormAlert>
      ) : (
        <p className={styles.muted}>
          <Trans>Loading the history…</Trans>
        </p>
      )}
    </section>
  )
}
