import { Field } from '@ark-ui/react/field'
import type { ReactNode, TextareaHTMLAttributes } from 'react'
import styles from './documents.module.css'

/** A labelled multi-line text box for the message of a request, a withdrawal or a decline. */
export function MessageField({
  label,
  helper,
  ...textarea
}: { label: ReactNode; helper?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field.Root className={styles.field} disabled={textarea.disabled}>
      <Field.Label className={styles.label}>{label}</Field.Label>
      <Field.Textarea className={styles.textarea} rows={4} maxLength={2000} {...textarea} />
      {helper ? <Field.HelperText className={styles.helper}>{helper}</Field.HelperText> : null}
    </Field.Root>
  )
}
