import { type InputHTMLAttributes, type ReactNode, useId } from 'react'
import styles from './form.module.css'

/** Props of a checkbox with its label and error message. */
export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: ReactNode
  error?: ReactNode
}

/** A native checkbox (keyboard and screen readers for free) with label and error text. */
export function CheckboxField({ label, error, id, ...input }: CheckboxFieldProps) {
  const ownId = useId()
  const inputId = id ?? ownId
  const errorId = `${inputId}-error`
  return (
    <div className={styles.field}>
      <div className={styles.checkbox}>
        <input
          type="checkbox"
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <label htmlFor={inputId}>{label}</label>
      </div>
      {error ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  )
}
