import type { FormField, FormFieldKind, FormValue } from '../../contract/form-fields.ts'
import type { FormFillingContext } from './form-filling.types.ts'

/** The fields the signer fills themselves: all but those of the kinds the server fills from who they are. */
export function fillableFields(fields: readonly FormField[], given: readonly FormFieldKind[]): FormField[] {
  return fields.filter((field) => !given.includes(field.kind))
}

/**
 * The sign call's `form_values` of the signer's fields: each value without the spaces around it, a date left
 * empty left out (the server writes the signing date).
 */
export function formValues({
  fields,
  values,
  givenKinds,
}: Pick<FormFillingContext, 'fields' | 'values' | 'givenKinds'>): FormValue[] {
  return fillableFields(fields, givenKinds).flatMap((field) => {
    const value = (values[field.id] ?? '').trim()
    return field.kind === 'date' && value === '' ? [] : [{ fieldId: field.id, value }]
  })
}

const refusedValue = /^signature_requests\.0\.form_values\.(\d+)\.(?:value|field_id)$/

/** The field whose value a sign call's 400 names (`signature_requests.0.form_values.N.value`), if it names one. */
export function refusedField(
  context: Pick<FormFillingContext, 'fields' | 'values' | 'givenKinds'>,
  path: string,
) {
  const match = refusedValue.exec(path)
  return match === null ? undefined : formValues(context)[Number(match[1])]?.fieldId
}
