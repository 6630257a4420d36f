import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, type ReactNode, useState } from 'react'
import * as v from 'valibot'
import { TextField } from '../../ui/form/text-field.tsx'
import { type PersonalDetails, personalDetailsSchema } from './personal-details.ts'
import styles from './signature-standards.module.css'

/** The fields of the personal details, wired to a form whose submit hands the checked details on. */
export function usePersonalDetailsForm(
  initial: PersonalDetails,
  onValid: (details: PersonalDetails) => void,
) {
  const { t } = useLingui()
  const [details, setDetails] = useState(initial)
  const [checked, setChecked] = useState(false)
  const issues = checked ? v.safeParse(personalDetailsSchema, details).issues : undefined
  const invalid = (name: keyof PersonalDetails) =>
    issues?.some((issue) => issue.path?.[0]?.key === name) ?? false
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    const parsed = v.safeParse(personalDetailsSchema, details)
    if (parsed.success) onValid(parsed.output)
  }
  const field = (name: keyof PersonalDetails, label: ReactNode, error: string, extra: object = {}) => (
    <TextField
      label={label}
      name={name}
      value={details[name]}
      required
      error={invalid(name) ? error : undefined}
      onChange={(event) => setDetails((d) => ({ ...d, [name]: event.target.value }))}
      {...extra}
    />
  )
  const fields = (
    <div className={styles.fields}>
      {field('first_name', <Trans>First name</Trans>, t`Enter your first name.`, {
        autoComplete: 'given-name',
      })}
      {field('last_name', <Trans>Last name</Trans>, t`Enter your last name.`, {
        autoComplete: 'family-name',
      })}
      {field('date_of_birth', <Trans>Date of birth</Trans>, t`Enter your date of birth.`, {
        type: 'date',
        autoComplete: 'bday',
      })}
      {field(
        'nationality',
        <Trans>Nationality (country code, e.g. CH)</Trans>,
        t`Enter the two letters of your country, e.g. CH.`,
        {
          maxLength: 2,
          autoComplete: 'country',
        },
      )}
    </div>
  )
  return { fields, onSubmit }
}
