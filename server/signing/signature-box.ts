import { placedBox, type SignatureField, signatureFieldSize } from '../../contract/signature-fields.ts'
import type { DocumentSignature } from '../../contract/signing.ts'

/**
 * The box a signature goes in on one document: the sign call's placement (a page alone takes the signer's
 * field when it is on that page, else the bottom-left corner), else the signer's field.
 */
export function signatureBox(
  placement: DocumentSignature | undefined,
  own: SignatureField | undefined,
  document: { id: string; pageCount: number },
): SignatureField {
  const page = placement?.page ?? own?.page ?? document.pageCount - 1
  const placed = placement === undefined ? undefined : placedBox(placement, page)
  if (placed !== undefined) return { documentId: document.id, ...placed }
  if (own !== undefined && own.page === page) return own
  return { documentId: document.id, page, x: 36, y: 36, ...signatureFieldSize }
}
