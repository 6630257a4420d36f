import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import {
  type ActivityRange,
  isIsoDate,
  maxActivityDays,
  resolveActivityRange,
} from '../../../../contract/activity.ts'
import { Button } from '../../../ui/button/button.tsx'
import { TextField } from '../../../ui/form/text-field.tsx'
import styles from './activity.module.css'

type RangeErrors = { start?: string; end?: string }

/**
 * The period the activity covers: two days, both included, shown once applied (not on every keystroke of a
 * date, which would ask the server for the year 0002 on the way to 2026). Checked here as the server checks
 * it, so a wrong range says why at its field.
 */
export function DateRangeForm({
  range,
  onApply,
}: {
  range: ActivityRange
  onApply: (range: ActivityRange) => void
}) {
  const { t } = useLingui()
  const [startDate, setStartDate] = useState(range.startDate)
  const [endDate, setEndDate] = useState(range.endDate)
  const [errors, setErrors] = useState<RangeErrors>({})

  const check = (): RangeErrors => {
    const found: RangeErrors = {}
    if (!isIsoDate(startDate)) found.start = t`Enter the first day.`
    if (!isIsoDate(endDate)) found.end = t`Enter the last day.`
    if (found.start || found.end) return found
    const resolved = resolveActivityRange({ start_date: startDate, end_date: endDate }, endDate)
    if (resolved.ok) return found
    return startDate > endDate
      ? { end: t`The last day is before the first.` }
      : { end: t`Choose at most ${maxActivityDays} days.` }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = check()
    setErrors(found)
    if (!found.start && !found.end) onApply({ startDate, endDate })
  }
  return (
    <form className={styles.range} onSubmit={submit} noValidate aria-label={t`Period`}>
      <TextField
        type="date"
        label={<Trans>From</Trans>}
        value={startDate}
        max={endDate || undefined}
        onChange={(event) => setStartDate(event.target.value)}
        error={errors.start}
      />
      <TextField
        type="date"
        label={<Trans>To</Trans>}
        value={endDate}
        min={startDate || undefined}
        onChange={(event) => setEndDate(event.target.value)}
        error={errors.end}
      />
      <Button type="submit" variant="secondary">
        <Trans>Show</Trans>
      </Button>
    </form>
  )
}
