import { Trans } from '@lingui/react/macro'
import type { BusinessSettings } from '../../../contract/businesses.ts'
import { maxExpiryDays } from '../../../contract/businesses.ts'
import { reminderLimits } from '../../../contract/signature-requests.ts'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
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
      <CheckboxField
        label={<Trans>Remind signers automatically</Trans>}
        checked={reminders.enabled}
        onChange={(e) => onChange({ ...value, reminders: { ...reminders, enabled: e.target.checked } })}
      />
      {reminders.enabled ? (
        <div className={styles.row}>
          <TextField
            label={<Trans>Remind every (days)</Trans>}
            type="number"
            name="reminderEveryDays"
            min={1}
            max={reminderLimits.everyDays}
            value={reminders.everyDays}
            onChange={(e) =>
              onChange({ ...value, reminders: { ...reminders, everyDays: days(e.target.value) } })
            }
          />
          <TextField
            label={<Trans>At most (times)</Trans>}
            type="number"
            name="reminderAtMost"
            min={1}
            max={reminderLimits.atMost}
            value={reminders.atMost}
            onChange={(e) =>
              onChange({ ...value, reminders: { ...reminders, atMost: days(e.target.value) } })
            }
          />
        </div>
      ) : null}
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
