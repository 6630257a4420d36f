import { type ReactNode, useId } from 'react'
import styles from './form.module.css'

/** One choice of a {@link SelectField}. */
export interface SelectOption<T extends string> {
  value: T
  label: string
  /** Language of the label, when it is not the page's (language names in their own words). */
  lang?: string
}

/** A labelled native select with an optional hint: the design system's one way to pick from a list. */
export function SelectField<T extends string>({
  label,
  hint,
  value,
  options,
  onChange,
  disabled,
}: {
  label: ReactNode
  hint?: ReactNode
  value: T
  options: readonly SelectOption<T>[]
  onChange: (value: T) => void
  disabled?: boolean
}) {
  const id = useId()
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.input}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <span id={`${id}-hint`} className={styles.helper}>
          {hint}
        </span>
      ) : null}
    </div>
  )
}
