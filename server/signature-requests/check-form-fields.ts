import { randomUUID } from 'node:crypto'
import type { FormField, FormFieldInput } from '../../contract/form-fields.ts'
import { checkSignatureFields, type FieldDocumentRow } from './check-signature-fields.ts'

/**
 * The fields besides the signature a sender gives one signer, as stored: each checked like a signature field
 * (400 naming the field when off its document or page), one per page of its document when it asks for every
 * page, each with an id of its own; a value given beforehand is the sender's.
 */
export function checkFormFields(
  inputs: readonly FormFieldInput[],
  documents: readonly FieldDocumentRow[],
  prefix: string,
): FormField[] {
  checkSignatureFields(inputs, documents, prefix)
  return inputs.flatMap(({ everyPage, value, ...field }) => {
    const pageCount = documents.find((d) => d.id === field.documentId)?.pageCount ?? 0
    const pages = everyPage ? Array.from({ length: pageCount }, (_, page) => page) : [field.page]
    return pages.map((page) => ({
      ...field,
      id: randomUUID(),
      page,
      value: value === undefined || value === '' ? null : value,
      filledBy: value === undefined || value === '' ? null : ('sender' as const),
    }))
  })
}
