import type { FormField } from '../../contract/form-fields.ts'
import type { SignatureField } from '../../contract/signature-fields.ts'
import type { SignerAuthentication } from '../../contract/signature-requests.ts'
import type { TemplateRoleInput } from '../../contract/templates.ts'
import { checkFieldsApart } from '../signature-requests/check-fields-apart.ts'
import { checkFormFields } from '../signature-requests/check-form-fields.ts'
import { checkSignatureFields, type FieldDocumentRow } from '../signature-requests/check-signature-fields.ts'

/** A role as stored, before its template is known. */
export type CheckedRole = {
  name: string
  sequence: number
  documentSignatures: SignatureField[]
  formFields: FormField[]
  authentication: SignerAuthentication
}

/**
 * The roles of a POST or PUT, checked like a request's signers (400 `request.invalid` naming a field off its
 * document or page, or overlapping another, under `roles.{i}`); a form field keeps the id it names among
 * `stored` (the template's fields before a PUT).
 */
export function checkRoles(
  roles: readonly TemplateRoleInput[],
  documents: readonly FieldDocumentRow[],
  stored: readonly FormField[] = [],
): CheckedRole[] {
  const checked = roles.map((role, index) => {
    checkSignatureFields(role.documentSignatures ?? [], documents, `roles.${index}.document_signatures`)
    return {
      name: role.name,
      sequence: role.sequence ?? 1,
      documentSignatures: role.documentSignatures ?? [],
      formFields: checkFormFields(role.formFields ?? [], documents, `roles.${index}.form_fields`, stored),
      authentication: role.authentication ?? 'tan',
    }
  })
  checkFieldsApart(
    roles.map((role, index) => ({
      at: `roles.${index}`,
      documentSignatures: role.documentSignatures ?? [],
      formFields: role.formFields ?? [],
    })),
    [],
    documents,
  )
  return checked
}

/** The role with its fields moved onto other documents: `documentIds` maps each old id to the new one. */
export function moveRole<Role extends Pick<CheckedRole, 'documentSignatures' | 'formFields'>>(
  role: Role,
  documentIds: ReadonlyMap<string, string>,
): Role {
  const moved = (id: string) => documentIds.get(id) ?? id
  return {
    ...role,
    documentSignatures: role.documentSignatures.map((f) => ({ ...f, documentId: moved(f.documentId) })),
    formFields: role.formFields.map((f) => ({ ...f, documentId: moved(f.documentId) })),
  }
}
