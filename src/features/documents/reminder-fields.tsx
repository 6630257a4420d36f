import { Trans } from '@lingui/react/macro'
import { type Reminders, reminderLimits } from '../../../contract/signature-requests.ts'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'

/**
 * Automatic reminders (issue 40 §3): whether signers are reminded, and then every how many days and at most how
 * many times. A request's own reminders and a business's defaults for its new requests are set with these fields.
 */
export function ReminderFields({
  enabled,
  reminders,
  onEnabledChange,
  onChange,
  numbersClassName,
}: {
  enabled: boolean
  /** The numbers the fields show while `enabled`. */
  reminders: Reminders
  onEnabledChange: (enabled: boolean) => void
  onChange: (reminders: Reminders) => void
  /** Lays out the two numbers (the business's form puts them side by side). */
  numbersClassName?: string
}) {
  const whole = (text: string) => Math.trunc(Number(text))
  return (
    <>
      <CheckboxField
        label={<Trans>Remind signers automatically</Trans>}
        checked={enabled}
        onChange={(e) => onEnabledChange(e.target.checked)}
      />
      {enabled ? (
        <div className={numbersClassName}>
          <TextField
            label={<Trans>Remind every (days)</Trans>}
            type="number"
            name="remindEveryDays"
            min={1}
            max={reminderLimits.everyDays}
            value={reminders.everyDays}
            onChange={(e) => onChange({ ...reminders, everyDays: whole(e.target.value) })}
          />
          <TextField
            label={<Trans>At most (times)</Trans>}
            type="number"
            name="remindAtMost"
            min={1}
            max={reminderLimits.atMost}
            value={reminders.atMost}
            onChange={(e) => onChange({ ...reminders, atMost: whole(e.target.value) })}
          />
        </div>
      ) : null}
    </>
  )
}
