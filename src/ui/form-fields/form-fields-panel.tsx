import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import {
  checkedValue,
  type FormField,
  type FormFieldKind,
  formValueMaxLength,
} from '../../../contract/form-fields.ts'
import { selectCanSign } from '../../../machines/form-filling/form-filling.selectors.ts'
import { CheckboxField } from '../form/checkbox-field.tsx'
import { TextField } from '../form/text-field.tsx'
import styles from './form-fields-panel.module.css'
import type { FormFillingActor } from './use-form-filling.ts'

/** Who signs, as their name, e-mail and company fields show it. */
type SignerData = Record<'name' | 'email' | 'company', string>

const kindLabels: Record<FormFieldKind, MessageDescriptor> = {
  text: msg`Text`,
  date: msg`Date`,
  checkbox: msg`Checkbox`,
  initials: msg`Initials`,
  name: msg`Name`,
  email: msg`E-mail`,
  company: msg`Company`,
}

/** Props of {@link FormFieldsPanel}. */
export interface FormFieldsPanelProps {
  form: FormFillingActor
  /** The request's documents, which the fields' labels name when there are several. */
  documents: readonly { id: string; title: string }[]
  /** What the name, e-mail and company fields take when the signer signs. */
  signer: SignerData
}

/**
 * The signer's fields besides the signature (issue 40 §4), listed beside the documents in page order, so
 * they are filled on a phone as on a desktop: text, date (empty: the signing date), checkbox and initials,
 * and the name, e-mail and company the signing fills in, shown read-only (a direct-link signer, who has no
 * account, types their company). Says why Sign waits.
 */
export function FormFieldsPanel({ form, documents, signer }: FormFieldsPanelProps) {
  const { i18n, t } = useLingui()
  const fields = useSelector(form, (s) => s.context.fields)
  const given = useSelector(form, (s) => s.context.givenKinds)
  const values = useSelector(form, (s) => s.context.values)
  const refusedFieldId = useSelector(form, (s) => s.context.refusedFieldId)
  const canSign = useSelector(form, selectCanSign)
  if (fields.length === 0) return null

  const labelOf = (field: FormField) => {
    const kind = i18n._(kindLabels[field.kind])
    const page = field.page + 1
    const document = documents.find((d) => d.id === field.documentId)?.title ?? ''
    const where = documents.length > 1 ? t`${kind}, ${document}, page ${page}` : t`${kind}, page ${page}`
    return field.required || given.includes(field.kind) ? where : t`${where} (optional)`
  }
  const change = (fieldId: string, value: string) => form.send({ type: 'field.change', fieldId, value })
  const sorted = [...fields].sort(
    (a, b) =>
      documents.findIndex((d) => d.id === a.documentId) - documents.findIndex((d) => d.id === b.documentId) ||
      a.page - b.page ||
      b.y - a.y,
  )

  return (
    <section className={styles.panel} aria-labelledby="form-fields-heading">
      <h2 id="form-fields-heading">
        <Trans>Your fields</Trans>
      </h2>
      <p className={styles.hint} role="status">
        {canSign ? (
          <Trans>Your fields are filled in. You can sign.</Trans>
        ) : (
          <Trans>Fill in the required fields to sign.</Trans>
        )}
      </p>
      {sorted.map((field) => {
        const label = labelOf(field)
        const value = values[field.id] ?? ''
        const error =
          field.id === refusedFieldId ? t`This value was not accepted. Please check it.` : undefined
        if (given.includes(field.kind)) {
          return (
            <div key={field.id} className={styles.given}>
              <span className={styles.givenLabel}>{label}</span>
              <span>{signer[field.kind as keyof SignerData] || t`(none)`}</span>
            </div>
          )
        }
        if (field.kind === 'checkbox') {
          return (
            <CheckboxField
              key={field.id}
              label={label}
              checked={value === checkedValue}
              error={error}
              onChange={(event) => change(field.id, event.target.checked ? checkedValue : '')}
            />
          )
        }
        return (
          <TextField
            key={field.id}
            label={label}
            type={field.kind === 'date' ? 'date' : 'text'}
            value={value}
            required={field.required && field.kind !== 'date'}
            maxLength={
              field.kind === 'initials'
                ? formValueMaxLength.initials
                : field.kind === 'company'
                  ? formValueMaxLength.company
                  : formValueMaxLength.text
            }
            autoComplete={field.kind === 'company' ? 'organization' : undefined}
            autoCapitalize={field.kind === 'initials' ? 'characters' : undefined}
            helper={field.kind === 'date' ? t`Left empty, it is the date you sign.` : undefined}
            error={error}
            onChange={(event) => change(field.id, event.target.value)}
          />
        )
      })}
    </section>
  )
}
