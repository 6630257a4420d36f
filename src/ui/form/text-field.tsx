import { Field } from '@ark-ui/react/field'
import type { InputHTMLAttributes, ReactNode } from 'react'
import styles from './form.module.css'

/** Props of a labelled text input with its helper text and error message. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode
  /** Shown under the input while there is no error. */
  helper?: ReactNode
  /** The field's error message; makes the field invalid and is announced. */
  error?: ReactNode
}

/** A text input with label, helper and error text wired for assistive technology (Ark UI Field). */
export function TextField({ label, helper, error, required, disabled, className, ...input }: TextFieldProps) {
  return (
    <Field.Root className={styles.field} invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label className={styles.label}>{label}</Field.Label>
      <Field.Input className={[styles.input, className].filter(Boolean).join(' ')} {...input} />
      {error ? (
        <Field.ErrorText className={styles.error}>{error}</Field.ErrorText>
      ) : helper ? (
        <Field.HelperText className={styles.helper}>{helper}</Field.HelperText>
      ) : null}
    </Field.Root>
  )
}
