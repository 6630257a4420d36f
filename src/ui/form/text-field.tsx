import { FieldErrorText, FieldHelperText, FieldInput, FieldLabel, FieldRoot } from '@ark-ui/react/field'
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
    <FieldRoot className={styles.field} invalid={Boolean(error)} required={required} disabled={disabled}>
      <FieldLabel className={styles.label}>{label}</FieldLabel>
      <FieldInput className={[styles.input, className].filter(Boolean).join(' ')} {...input} />
      {error ? (
        <FieldErrorText className={styles.error}>{error}</FieldErrorText>
      ) : helper ? (
        <FieldHelperText className={styles.helper}>{helper}</FieldHelperText>
      ) : null}
    </FieldRoot>
  )
}
