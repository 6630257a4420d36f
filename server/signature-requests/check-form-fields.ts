import { randomUUID } from 'node:crypto'
import { boxesOfField, type FormField, type FormFieldInput } from '../../contract/form-fields.ts'
import { ApiError } from '../http/api-error.ts'
import { checkSignatureFields, type FieldDocumentRow } from './check-signature-fields.ts'

/**
 * The fields besides the signature a sender gives one signer, as stored: each checked like a signature field
 * (400 naming the field when off its document or page), one per page of its document when it asks for every
 * page (fitted to each page); each keeps the id it names among the signer's `stored` fields (400 when it
 * names another, or one twice), else gets one of its own. A value given beforehand is the sender's.
 */
export function checkFormFields(
  inputs: readonly FormFieldInput[],
  documents: readonly FieldDocumentRow[],
  prefix: string,
  stored: readonly FormField[] = [],
): FormField[] {
  checkSignatureFields(inputs, documents, prefix)
  const kept = new Set<string>()
  for (const [index, { id }] of inputs.entries()) {
    if (id === undefined) continue
    if (kept.has(id) || !stored.some((field) => field.id === id)) {
      const name = `${prefix}.${index}.id`
      const why = kept.has(id) ? 'given twice' : 'not a field of this signer'
      throw new ApiError(400, 'request.invalid', `${name}: ${why}`, { field: name })
    }
    kept.add(id)
  }
  return inputs.flatMap(({ id, everyPage, value, ...field }) => {
    const document = documents.find((d) => d.id === field.documentId)
    const boxes = document === undefined ? [field] : boxesOfField({ ...field, everyPage }, document)
    return boxes.map((box) => ({
      ...field,
      ...box,
      id: id ?? randomUUID(),
      value: value === undefined || value === '' ? null : value,
      filledBy: value === undefined || value === '' ? null : ('sender' as const),
    }))
  })
}
