import { Trans } from '@lingui/react/macro'
import type { BusinessSettings } from '../../../contract/businesses.ts'
import { maxExpiryDays } from '../../../contract/businesses.ts'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { ReminderFields } from '../documents/reminder-fields.tsx'
import styles from './business.module.css'

type RequestSettings = BusinessSettings['signatureRequests']
type FollowUp = Pick<RequestSettings, 'reminders' | 'expiry'>

/**
 * The defaults of the business's new requests (issue 40 §3): automatic reminders every so many days, at most so
 * many times, and an expiry so many days after a request is made. A sender changes them per request.
 */
export function FollowUpSettings({
  value,
  onChange,
}: {
  value: FollowUp
  onChange: (value: FollowUp) => void
}) {
  const { reminders, expiry } = value
  const days = (text: string) => Math.trunc(Number(text))
  return (
    <div className={styles.form}>
      <h3>
        <Trans>Reminders and expiry</Trans>
      </h3>
      <ReminderFields
        enabled={reminders.enabled}
        reminders={reminders}
        onEnabledChange={(enabled) => onChange({ ...value, reminders: { ...reminders, enabled } })}
        onChange={(changed) => onChange({ ...value, reminders: { ...reminders, ...changed } })}
        numbersClassName={styles.row}
      />
      <CheckboxField
        label={<Trans>Requests expire</Trans>}
        checked={expiry.enabled}
        onChange={(e) => onChange({ ...value, expiry: { ...expiry, enabled: e.target.checked } })}
      />
      {expiry.enabled ? (
        <TextField
          label={<Trans>Expire after (days)</Trans>}
          type="number"
          name="expiryDays"
          min={1}
          max={maxExpiryDays}
          value={expiry.days}
          onChange={(e) => onChange({ ...value, expiry: { ...expiry, days: days(e.target.value) } })}
        />
      ) : null}
    </div>
  )
}
