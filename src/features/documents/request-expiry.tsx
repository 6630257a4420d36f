import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import type { Reminders, SignatureRequestView } from '../../../contract/signature-requests.ts'
import { errorCode } from '../../api/error-messages.ts'
import { formatDateTime, resolveLocale } from '../../i18n/locales.ts'
import { Button } from '../../ui/button/button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import styles from './documents.module.css'
import { ReminderFields } from './reminder-fields.tsx'
import { requestErrorMessage } from './request-messages.ts'

/** The day of `iso` as a date input shows it, in the browser's time zone. */
function dayOf(iso: string): string {
  const at = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`
}

/** What the sender saves: the expiry (null: never) and the automatic reminders (null: none). */
type FollowUp = { expiresAt: string | null; reminders: Reminders | null }

/**
 * When the request expires and how it reminds its signers (issue 40 §3). The sender of a draft or open request
 * moves its expiry to the end of another day (later: extended), or takes it away, and sets its reminders; the
 * server refuses a day that has passed.
 */
export function RequestExpiry({
  request,
  mayChange,
  onChange,
}: {
  request: SignatureRequestView
  mayChange: boolean
  onChange: (followUp: FollowUp) => Promise<void>
}) {
  const { i18n } = useLingui()
  const locale = resolveLocale(i18n.locale, true) ?? 'en-gb'
  const [day, setDay] = useState(request.expiresAt === null ? '' : dayOf(request.expiresAt))
  const [remind, setRemind] = useState<Reminders | null>(request.reminders)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const { expiresAt, reminders } = request
  if (!mayChange && expiresAt === null && reminders === null) return null
  const save = (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    // The end of the chosen day where the sender is.
    void onChange({
      expiresAt: day === '' ? null : new Date(`${day}T23:59:59`).toISOString(),
      reminders: remind,
    })
      .catch(setError)
      .finally(() => setBusy(false))
  }
  const when = expiresAt === null ? '' : formatDateTime(expiresAt, locale)
  // What the fields offer when reminders are turned on: the request's own, else every 3 days, 3 times.
  const defaultReminders = request.reminders ?? { everyDays: 3, atMost: 3 }
  return (
    <section className={styles.card} aria-labelledby="expiry-heading" aria-busy={busy}>
      <h2 id="expiry-heading">
        <Trans>Expiry and reminders</Trans>
      </h2>
      <p data-testid="request-expiry">
        {expiresAt === null ? (
          <Trans>Does not expire.</Trans>
        ) : request.statusOverall === 'EXPIRED' ? (
          <Trans>Expired on {when}.</Trans>
        ) : (
          <Trans>Expires on {when}.</Trans>
        )}
      </p>
      {reminders === null ? null : (
        <p className={styles.muted}>
          <Plural
            value={reminders.everyDays}
            one="Signers are reminded every day"
            other="Signers are reminded every # days"
          />
          {', '}
          <Plural value={reminders.atMost} one="at most once" other="at most # times" />
          {' ('}
          <Plural value={request.remindersSent} one="# sent" other="# sent" />
          {')'}
        </p>
      )}
      {mayChange ? (
        <form onSubmit={save} noValidate>
          <TextField
            label={<Trans>Expires at the end of</Trans>}
            helper={<Trans>Leave empty for a request that does not expire.</Trans>}
            type="date"
            name="expiresAt"
            value={day}
            onChange={(e) => setDay(e.target.value)}
          />
          <ReminderFields
            enabled={remind !== null}
            reminders={remind ?? defaultReminders}
            onEnabledChange={(enabled) => setRemind(enabled ? defaultReminders : null)}
            onChange={setRemind}
          />
          <Button type="submit" variant="secondary" size="sm" disabled={busy}>
            <Trans>Save expiry and reminders</Trans>
          </Button>
        </form>
      ) : null}
      {error === undefined ? null : <FormAlert>{i18n._(requestErrorMessage(errorCode(error)))}</FormAlert>}
    </section>
  )
}
