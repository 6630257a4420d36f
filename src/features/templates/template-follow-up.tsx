import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import type { Reminders } from '../../../contract/signature-requests.ts'
import { maxTemplateExpiryDays, type TemplateView, type UpdateTemplate } from '../../../contract/templates.ts'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { ReminderFields } from '../documents/reminder-fields.tsx'
import { templateErrorMessage } from './template-messages.ts'
import styles from './templates.module.css'

/**
 * When a template's requests expire (days after they start; empty: never) and how they remind their signers,
 * saved together.
 */
export function TemplateFollowUp({
  template,
  onSave,
}: {
  template: Pick<TemplateView, 'expiresAfterDays' | 'reminders'>
  onSave: (body: Pick<UpdateTemplate, 'expiresAfterDays' | 'reminders'>) => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const [days, setDays] = useState(
    template.expiresAfterDays === null ? '' : String(template.expiresAfterDays),
  )
  const [remind, setRemind] = useState<Reminders | null>(template.reminders)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const whole = Number(days)
  const daysProblem =
    days === '' || (Number.isInteger(whole) && whole >= 1 && whole <= maxTemplateExpiryDays)
      ? undefined
      : t`Enter a whole number of days from 1 to ${maxTemplateExpiryDays}.`
  const defaultReminders = template.reminders ?? { everyDays: 3, atMost: 3 }
  const save = (event: FormEvent) => {
    event.preventDefault()
    if (daysProblem !== undefined) return
    setBusy(true)
    setError(undefined)
    onSave({ expiresAfterDays: days === '' ? null : whole, reminders: remind })
      .catch(setError)
      .finally(() => setBusy(false))
  }
  return (
    <form className={styles.card} aria-labelledby="follow-up-heading" onSubmit={save} noValidate>
      <h2 id="follow-up-heading">
        <Trans>Expiry and reminders</Trans>
      </h2>
      <TextField
        label={<Trans>Requests expire after (days)</Trans>}
        helper={<Trans>Leave empty for requests that do not expire.</Trans>}
        type="number"
        inputMode="numeric"
        min={1}
        max={maxTemplateExpiryDays}
        name="expiresAfterDays"
        value={days}
        error={daysProblem}
        onChange={(event) => setDays(event.target.value)}
      />
      <ReminderFields
        enabled={remind !== null}
        reminders={remind ?? defaultReminders}
        onEnabledChange={(enabled) => setRemind(enabled ? defaultReminders : null)}
        onChange={setRemind}
      />
      {error === undefined ? null : <FormAlert>{i18n._(templateErrorMessage(errorCode(error)))}</FormAlert>}
      <BusyButton type="submit" variant="secondary" busy={busy}>
        <Trans>Save expiry and reminders</Trans>
      </BusyButton>
    </form>
  )
}
