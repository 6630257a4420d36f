import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import {
  checkedValue,
  directSignerDataKinds,
  type FormFieldInput,
  formValueMaxLength,
  formValueProblem,
} from '../../../contract/form-fields.ts'
import type { SignatureRequestView } from '../../../contract/signature-requests.ts'
import { Button } from '../../ui/button/button.tsx'
import { CheckboxField } from '../../ui/form/checkbox-field.tsx'
import { TextField } from '../../ui/form/text-field.tsx'
import { signerLabel } from '../../ui/request/signer-label.ts'
import { useKindLabel } from '../../ui/signature-fields/kind-label.ts'
import type { SignatureFields } from '../../ui/signature-fields/use-signature-fields.tsx'
import styles from './documents.module.css'

/**
 * The fields besides the signature that the sender placed on a draft for the signers they may place fields
 * for, one group each: required or optional, the value given beforehand where the kind takes one (not the
 * signer's own name, e-mail or company), and a way to take the field away.
 */
export function PlacedFormFields({
  request,
  placeable,
  fields,
}: {
  request: Pick<SignatureRequestView, 'signatures' | 'documents'>
  placeable: ReadonlySet<string>
  fields: SignatureFields
}) {
  if (!fields.formFieldsPlaceable) return null
  const signers = request.signatures
    .filter((s) => s.status === 'OPEN' && placeable.has(s.id))
    .map((s) => ({ signature: s, placed: fields.formFieldsOf(s.id) }))
    .filter(({ placed }) => placed.length > 0)
  if (signers.length === 0) return null
  return (
    <section className={styles.card} aria-labelledby="placed-form-fields">
      <h2 id="placed-form-fields">
        <Trans>Fields to fill</Trans>
      </h2>
      {signers.map(({ signature, placed }) =>
        placed.map((field, index) => (
          <PlacedField
            // Kind and place tell a field from its signer's others (fields do not overlap), stored or not.
            key={`${signature.id}:${field.kind}:${field.documentId}:${field.page}:${field.x}:${field.y}`}
            field={field}
            signer={signerLabel(signature)}
            documents={request.documents.length}
            documentTitle={request.documents.find((d) => d.id === field.documentId)?.title ?? ''}
            onChange={(changed) =>
              fields.changeFormFields(
                signature.id,
                changed === undefined
                  ? placed.filter((_, i) => i !== index)
                  : placed.map((f, i) => (i === index ? changed : f)),
              )
            }
          />
        )),
      )}
    </section>
  )
}

/** One placed field: required, its value given beforehand, removal; `onChange(undefined)` takes it away. */
function PlacedField({
  field,
  signer,
  documents,
  documentTitle,
  onChange,
}: {
  field: FormFieldInput
  signer: string
  /** How many documents the request has: with several, the field says which one it is on. */
  documents: number
  documentTitle: string
  onChange: (field: FormFieldInput | undefined) => void
}) {
  const { t } = useLingui()
  const kindName = useKindLabel()(field.kind)
  const number = field.page + 1
  const [draft, setDraft] = useState(field.value ?? '')
  const [problem, setProblem] = useState(false)
  // A company may be given for a signer who has none in an account (a direct-link signer, who may change it).
  const takesValue = !directSignerDataKinds.includes(field.kind)
  const commit = (value: string) => {
    if (value === (field.value ?? '')) return
    if (formValueProblem(field.kind, value) !== undefined) {
      setProblem(true)
      return
    }
    setProblem(false)
    const { value: _old, ...rest } = field
    onChange(value === '' ? rest : { ...rest, value })
  }
  const legend =
    documents > 1
      ? t`${kindName} for ${signer}, page ${number} of ${documentTitle}`
      : t`${kindName} for ${signer}, page ${number}`
  return (
    <fieldset className={styles.placedField}>
      <legend className={styles.strong}>{legend}</legend>
      <CheckboxField
        label={<Trans>Required</Trans>}
        checked={field.required}
        onChange={(event) => onChange({ ...field, required: event.target.checked })}
      />
      {!takesValue ? (
        <p className={styles.muted}>
          <Trans>Filled from the signer’s own details.</Trans>
        </p>
      ) : field.kind === 'checkbox' ? (
        <CheckboxField
          label={<Trans>Ticked beforehand</Trans>}
          checked={field.value === checkedValue}
          onChange={(event) => commit(event.target.checked ? checkedValue : '')}
        />
      ) : (
        <TextField
          label={
            field.kind === 'date' ? (
              <Trans>Date given beforehand (empty: the signing date)</Trans>
            ) : field.kind === 'company' ? (
              <Trans>Company given beforehand (optional)</Trans>
            ) : (
              <Trans>Value given beforehand (optional)</Trans>
            )
          }
          type={field.kind === 'date' ? 'date' : 'text'}
          value={draft}
          maxLength={
            field.kind === 'initials'
              ? formValueMaxLength.initials
              : field.kind === 'company'
                ? formValueMaxLength.company
                : formValueMaxLength.text
          }
          helper={
            field.kind === 'company'
              ? t`A signer with a business account signs with its name; a signer by link may change this one.`
              : undefined
          }
          error={problem ? t`This value does not fit the field.` : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => commit(draft.trim())}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            event.preventDefault()
            commit(draft.trim())
          }}
        />
      )}
      <Button variant="text" size="sm" onClick={() => onChange(undefined)}>
        <Trans>Remove field</Trans>
      </Button>
    </fieldset>
  )
}
