import {
  boxesOfField,
  type FormField,
  type FormFieldInput,
  type NamedBox,
  overlappingFields,
} from '../../contract/form-fields.ts'
import type { SignatureField } from '../../contract/signature-fields.ts'
import { ApiError } from '../http/api-error.ts'
import type { FieldDocumentRow } from './check-signature-fields.ts'

/** One signer's fields as a call gives them, `at` where they stand in the body (`signatures.0`, or ''). */
export type GivenFields = {
  at: string
  documentSignatures: readonly SignatureField[]
  formFields: readonly FormFieldInput[]
}

/** One signer's fields as stored, named by whose they are (`signed`: their signature fields are signatures). */
export type StoredFields = {
  email: string
  signed?: boolean
  documentSignatures: readonly SignatureField[]
  formFields: readonly FormField[]
}

/**
 * Refuses fields (signature fields and the others, of every signer) that overlap on a page: 400
 * `request.invalid` naming both (by where the body gives them, or whose they are when already stored), since a
 * signature or value drawn over another's cannot be read. `stored` are the request's fields the call keeps.
 */
export function checkFieldsApart(
  given: readonly GivenFields[],
  stored: readonly StoredFields[],
  documents: readonly FieldDocumentRow[],
): void {
  const boxes = given.flatMap(({ at, documentSignatures, formFields }) => {
    const path = (key: string) => (at === '' ? key : `${at}.${key}`)
    return [
      ...documentSignatures.map((field, index) => ({
        ...field,
        name: path(`document_signatures.${index}`),
      })),
      ...formFields.flatMap((field, index) => {
        const document = documents.find((d) => d.id === field.documentId)
        const boxes = document === undefined ? [field] : boxesOfField(field, document)
        return boxes.map((box) => ({
          ...box,
          documentId: field.documentId,
          name: path(`form_fields.${index}`),
        }))
      }),
    ]
  })
  const kept = stored.flatMap(({ email, signed, documentSignatures, formFields }): NamedBox[] => [
    ...documentSignatures.map((field) => ({
      ...field,
      name: signed === true ? `the signature of ${email}` : `the signature field of ${email}`,
    })),
    ...formFields.map((field) => ({ ...field, name: `the ${field.kind} field of ${email}` })),
  ])
  const pair = overlappingFields(boxes, kept)
  if (pair === undefined) return
  const [field, other] = pair
  throw new ApiError(
    400,
    'request.invalid',
    `${field.name}: overlaps ${other.name} on page ${field.page + 1}; fields of a page must stand apart`,
    { field: field.name },
  )
}
