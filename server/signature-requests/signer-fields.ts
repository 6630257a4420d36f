import {
  boxesOverlap,
  type FieldDocument,
  type PageBox,
  type SignatureField,
  suggestSignatureField,
} from '../../contract/signature-fields.ts'
import type { SignerStatus } from '../../contract/signature-request-status.ts'

/** A signer as far as fields go: their signature fields, and the boxes of their fields besides the signature. */
export type FieldSigner = {
  id: string
  status: SignerStatus
  documentSignatures: SignatureField[]
  formFields: readonly SignatureField[]
}

/** One signer's fields: one per document, and whether someone placed them all (else some are suggested). */
export type SignerFields = { documentSignatures: SignatureField[]; fieldsPlaced: boolean }

/**
 * Every signer's fields on the request's documents: where the sender placed them (or where they were
 * signed); for a signer still to sign without a field on a document, a suggested one. Each signer has a
 * place of their own, given in the signers' order as if nobody had placed a field, so that placing one
 * signer's field leaves the others' suggestions where they were; only a suggestion that a placed field
 * covers moves, to the first empty area that no field and no other signer's place takes. Fields besides the
 * signature count as placed: a signature drawn over a value could not be read. Signers who no longer sign keep
 * only what they had.
 */
export function signerFields(
  documents: readonly FieldDocument[],
  signers: readonly FieldSigner[],
): Map<string, SignerFields> {
  const perDocument = documents.map((document) => {
    const placed = signers.flatMap((s) =>
      [...s.documentSignatures, ...s.formFields].filter((f) => f.documentId === document.id),
    )
    const own: SignatureField[] = []
    for (let i = 0; i < signers.length; i++) own.push(suggestSignatureField(document, own))
    return { document, placed, own, taken: [...placed, ...own] as PageBox[] }
  })
  const result = new Map<string, SignerFields>()
  for (const [index, signer] of signers.entries()) {
    if (signer.status !== 'OPEN') {
      result.set(signer.id, { documentSignatures: signer.documentSignatures, fieldsPlaced: true })
      continue
    }
    let fieldsPlaced = true
    const fields = perDocument.map(({ document, placed, own, taken }) => {
      const stored = signer.documentSignatures.find((f) => f.documentId === document.id)
      if (stored !== undefined) return stored
      fieldsPlaced = false
      const place = own[index]
      if (place !== undefined && !placed.some((box) => boxesOverlap(box, place))) return place
      const suggested = suggestSignatureField(document, taken)
      taken.push(suggested)
      return suggested
    })
    result.set(signer.id, { documentSignatures: fields, fieldsPlaced })
  }
  return result
}
