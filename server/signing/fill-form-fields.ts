import {
  type FormField,
  type FormFieldKind,
  type FormValue,
  formValueProblem,
  isFilled,
  signerDataKinds,
} from '../../contract/form-fields.ts'
import { ApiError } from '../http/api-error.ts'

/**
 * Refuses a sign call's values for the signer's fields (`prefix` is where they stand in the body) before
 * anything is signed: 400 `request.invalid` naming a value of no field of theirs, given twice or wrong for
 * its kind (length, date format, checkbox), or a required field left empty. Fields the server fills (of the
 * `filled` kinds: the signer's name, e-mail and company; a direct-link signer's name and e-mail, who types
 * their company; a date left out) need nothing.
 */
export function checkFormValues(
  fields: readonly FormField[],
  given: readonly FormValue[],
  prefix: string,
  filled: readonly FormFieldKind[] = signerDataKinds,
): void {
  const seen = new Set<string>()
  for (const [index, { fieldId, value }] of given.entries()) {
    const name = `${prefix}.${index}`
    const field = fields.find((f) => f.id === fieldId)
    if (field === undefined || seen.has(fieldId)) {
      const why = field === undefined ? 'not a field of this signer' : 'given twice'
      throw new ApiError(400, 'request.invalid', `${name}.field_id: ${why}`, { field: `${name}.field_id` })
    }
    seen.add(fieldId)
    const problem = filled.includes(field.kind)
      ? `a ${field.kind} field is filled from the signer's own data`
      : formValueProblem(field.kind, value)
    if (problem !== undefined) {
      throw new ApiError(400, 'request.invalid', `${name}.value: ${problem}`, { field: `${name}.value` })
    }
  }
  const missing = fields.find(
    (field) =>
      field.required &&
      !filled.includes(field.kind) &&
      field.kind !== 'date' &&
      !isFilled(field.kind, given.find((g) => g.fieldId === field.id)?.value ?? field.value),
  )
  if (missing !== undefined) {
    throw new ApiError(
      400,
      'request.invalid',
      `${prefix}: the required ${missing.kind} field ${missing.id} (page ${missing.page + 1}) is not filled`,
      { field: prefix },
    )
  }
}

/**
 * Who signs, as their fields of kind name, email and company take it: `company` undefined for a direct-link
 * signer, who types it; empty for an account without a business.
 */
export type SignerData = { name: string; email: string; company: string | undefined }

/**
 * The signer's fields as they sign them: the values they gave (checked by {@link checkFormValues}), the
 * sender's where they gave none, their own data in name and e-mail fields, their account's company (else the
 * sender's) in a company field, and `today` (YYYY-MM-DD) in a date field left empty. A direct-link signer's
 * company is what they typed, else the sender's.
 */
export function fillFormFields(
  fields: readonly FormField[],
  given: readonly FormValue[],
  signer: SignerData,
  today: string,
): FormField[] {
  return fields.map((field) => {
    const typed = given.find((g) => g.fieldId === field.id)?.value
    const fromAccount = field.kind === 'company' ? signer.company || undefined : undefined
    const value =
      field.kind === 'name' || field.kind === 'email'
        ? signer[field.kind]
        : fromAccount !== undefined
          ? fromAccount
          : typed === undefined
            ? (field.value ?? (field.kind === 'date' ? today : null))
            : typed
    if (value === null || value === '') return { ...field, value: null, filledBy: null }
    const bySender = typed === undefined && field.value === value
    return { ...field, value, filledBy: bySender ? field.filledBy : 'signer' }
  })
}
