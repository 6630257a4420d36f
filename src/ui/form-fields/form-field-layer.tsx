import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { DocumentInfo } from '../../../contract/documents.ts'
import { checkedValue, type FormFieldKind } from '../../../contract/form-fields.ts'
import styles from './form-field-layer.module.css'
import type { FormFillingActor } from './use-form-filling.ts'

const placeholders: Record<FormFieldKind, MessageDescriptor> = {
  text: msg`Text`,
  date: msg`Signing date`,
  checkbox: msg`Checkbox`,
  initials: msg`Initials`,
  name: msg`Your name`,
  email: msg`Your e-mail`,
  company: msg`Your company`,
}

/**
 * The signer's fields besides the signature over one page of the viewer, each where it sits, showing what it
 * will hold as they fill it in the list ("Your fields"); the list is where they are filled, so this is a
 * picture of it, hidden from assistive technology.
 */
export function FormFieldLayer({
  form,
  document,
  page,
}: {
  form: FormFillingActor
  document: DocumentInfo
  page: number
}) {
  const { i18n } = useLingui()
  const fields = useSelector(form, (s) => s.context.fields)
  const values = useSelector(form, (s) => s.context.values)
  const here = fields.filter((field) => field.documentId === document.id && field.page === page)
  if (here.length === 0) return null
  const size = document.pageSizes[page] ?? { width: 595, height: 842 }
  return (
    <div className={styles.layer} aria-hidden="true">
      {here.map((field) => {
        const value = values[field.id] ?? ''
        const shown = field.kind === 'checkbox' ? (value === checkedValue ? 'X' : '') : value
        return (
          <div
            key={field.id}
            className={styles.box}
            style={{
              left: `${(field.x / size.width) * 100}%`,
              bottom: `${(field.y / size.height) * 100}%`,
              width: `${(field.width / size.width) * 100}%`,
              height: `${(field.height / size.height) * 100}%`,
            }}
          >
            {shown === '' ? <span className={styles.empty}>{i18n._(placeholders[field.kind])}</span> : shown}
          </div>
        )
      })}
    </div>
  )
}
