import { useId } from 'react'
import styles from './statecharts.module.css'

/** A labelled JSON text area with its inline error. */
export function JsonField({
  label,
  value,
  error,
  onChange,
}: {
  label: string
  value: string
  /** Why the text is not accepted; shown under the field and announced. */
  error: string | undefined
  onChange: (value: string) => void
}) {
  const id = useId()
  // Tall enough for the sample, so a designer sees the whole payload without scrolling.
  const rows = Math.min(12, Math.max(2, value.split('\n').length))
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.json}
        value={value}
        rows={rows}
        spellCheck={false}
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error === undefined ? null : (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
