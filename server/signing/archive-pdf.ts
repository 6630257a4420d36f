import { PDF, type RevocationProvider } from '@libpdf/core'
import { addValidationData } from './add-validation-data.ts'
import { SigningError } from './signing-error.ts'
import type { TimestampAuthority } from './tsa.ts'

/**
 * Who vouches for a signed PDF's long-term validity: the timestamp authority of the archive timestamp, and
 * the revocation data (OCSP responses, CRLs) of the certificates its signatures and timestamps name; null
 * where there is none (a certificate the platform did not issue).
 */
export type ArchiveAuthorities = {
  tsa: Pick<TimestampAuthority, 'timestamp'>
  revocation: Required<RevocationProvider>
}

/**
 * Makes a signed PDF PAdES B-LTA (ETSI EN 319 142-1): in incremental updates, a Document Security Store
 * with the certificates, OCSP responses and CRLs of every signature and timestamp (a /VRI per signature),
 * then a document timestamp (`ETSI.RFC3161`) over all of it. Every signature before it keeps its bytes,
 * so stays valid.
 *
 * Reads the PDF: the server runs it in a PDF worker (PageRenderer `archivePdf`), which asks the API process
 * for the timestamp and the revocation data, where the keys are.
 */
export async function archivePdf(bytes: Uint8Array, authorities: ArchiveAuthorities): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes)
  // @libpdf/core reads a signature's /Contents in an encrypted PDF as an encrypted string, which it is not:
  // such a document (one with a permissions password) stays B-T rather than lose its signatures.
  if (pdf.isEncrypted) return bytes
  const blocker = pdf.canSaveIncrementally()
  if (blocker) {
    throw new SigningError('signing.incremental_update_impossible', `cannot append: ${blocker}`)
  }
  await addValidationData(pdf, authorities.revocation)
  // The DSS in an update of its own, which the timestamp then covers: ETSI's order, and validation tells
  // such an update from a change to the document (writing both in one update saved nothing, measured).
  if (pdf.hasChanges()) await pdf.reload(await pdf.save({ incremental: true }))
  // The archive timestamp comes from the authority that timestamped the signatures, whose certificates and
  // revocation data the DSS now holds: no second DSS for it (a third of the work, measured).
  const archived = await pdf.addTimestamp({ timestampAuthority: authorities.tsa })
  return archived.bytes
}
