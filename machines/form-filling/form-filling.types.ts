import type { FormField, FormFieldKind } from '../../contract/form-fields.ts'

/** What the form-filling machine starts from: the signer's own fields as the request answers them. */
export interface FormFillingInput {
  /** The signer's fields; those the server fills from who they are (name, e-mail, company) are only shown. */
  fields: readonly FormField[]
  /**
   * The kinds the server fills from who signs, only shown.
   * @default signerDataKinds (name, e-mail, company); a direct-link signer types their company
   */
  givenKinds?: readonly FormFieldKind[]
}

/** The signer's fields, what they typed in each, and the one the server refused. */
export interface FormFillingContext {
  fields: readonly FormField[]
  /** The kinds the server fills from who signs, which the signer does not type. */
  givenKinds: readonly FormFieldKind[]
  /** The value of each field the signer fills, by field id: the sender's value to start with, else empty. */
  values: Record<string, string>
  /** The field whose value the last sign call refused, until the signer changes it. */
  refusedFieldId: string | null
}

/** Events of the form-filling machine. */
export type FormFillingEvent =
  /** The request (re)loaded with the signer's fields; what the signer typed in a field still there stays. */
  | { type: 'fields.load'; fields: readonly FormField[] }
  /** The signer changed a field's value (a checkbox: `true` or empty). */
  | { type: 'field.change'; fieldId: string; value: string }
  /** The sign call refused a value with 400 naming it (`signature_requests.0.form_values.N.value`). */
  | { type: 'form.refused'; field: string }
