import type { FormField } from '../../contract/form-fields.ts'
import {
  type FieldDocument,
  placedBox,
  type SignatureField,
  suggestOnPage,
} from '../../contract/signature-fields.ts'
import type { DocumentSignature } from '../../contract/signing.ts'
import type { FieldSigner } from '../signature-requests/signer-fields.ts'
import { signerFields } from '../signature-requests/signer-fields.ts'

/**
 * The box a signature goes in on one document: the sign call's placement (a page alone takes the signer's
 * field when it is on that page, else a free place of that page clear of `taken`), else the signer's field.
 */
export function signatureBox(
  placement: DocumentSignature | undefined,
  own: SignatureField | undefined,
  document: FieldDocument,
  taken: readonly SignatureField[],
): SignatureField {
  const page = placement?.page ?? own?.page ?? document.pageCount - 1
  const placed = placement === undefined ? undefined : placedBox(placement, page)
  if (placed !== undefined) return { documentId: document.id, ...placed }
  if (own !== undefined && own.page === page) return own
  return suggestOnPage(
    document,
    page,
    taken.filter((box) => box.documentId === document.id),
  )
}

/**
 * What a signer's signature keeps clear of: the other signers' signatures and signature fields (placed or
 * suggested) and every field to fill, of every signer.
 */
export function fieldsOfOthers(
  documents: readonly FieldDocument[],
  signers: readonly (FieldSigner & { formFields: readonly FormField[] })[],
  signatureId: string,
): SignatureField[] {
  const fields = signerFields(documents, signers)
  return signers.flatMap((signer) => [
    ...(signer.id === signatureId ? [] : (fields.get(signer.id)?.documentSignatures ?? [])),
    ...signer.formFields,
  ])
}
