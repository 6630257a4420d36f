import {
  type FieldDocument,
  type PageBox,
  type SignatureField,
  suggestSignatureField,
} from '../../contract/signature-fields.ts'
import type { SignerStatus } from '../../contract/signature-request-status.ts'

/** A signer as far as fields go. */
export type FieldSigner = { id: string; status: SignerStatus; documentSignatures: SignatureField[] }

/** One signer's fields: one per document, and whether someone placed them all (else some are suggested). */
export type SignerFields = { documentSignatures: SignatureField[]; fieldsPlaced: boolean }

/**
 * Every signer's fields on the request's documents: where the sender placed them (or where they were
 * signed); for a signer still to sign without a field on a document, a suggested one in the first empty
 * area that no other field takes, in the signers' order. Signers who no longer sign keep only what they had.
 */
export function signerFields(
  documents: readonly FieldDocument[],
  signers: readonly FieldSigner[],
): Map<string, SignerFields> {
  const taken: PageBox[][] = documents.map((document) =>
    signers.flatMap((s) => s.documentSignatures.filter((f) => f.documentId === document.id)),
  )
  const result = new Map<string, SignerFields>()
  for (const signer of signers) {
    if (signer.status !== 'OPEN') {
      result.set(signer.id, { documentSignatures: signer.documentSignatures, fieldsPlaced: true })
      continue
    }
    let fieldsPlaced = true
    const fields = documents.map((document, index) => {
      const placed = signer.documentSignatures.find((f) => f.documentId === document.id)
      if (placed !== undefined) return placed
      fieldsPlaced = false
      const suggested = suggestSignatureField(document, taken[index] ?? [])
      taken[index]?.push(suggested)
      return suggested
    })
    result.set(signer.id, { documentSignatures: fields, fieldsPlaced })
  }
  return result
}
