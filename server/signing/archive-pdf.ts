import { X509Certificate } from 'node:crypto'
import { PDF, PdfArray, PdfNumber, type PdfRef, PdfString, type RevocationProvider } from '@libpdf/core'
import { addValidationData } from './add-validation-data.ts'
import { signedDataParts } from './der.ts'
import { OID } from './oids.ts'
import { SigningError } from './signing-error.ts'
import type { TimestampAuthority } from './tsa.ts'
import { documentTimestampFilter } from './validate-pdf.ts'

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
  return archive(pdf, authorities)
}

/** What {@link renewArchiveTimestamp} found and did. */
export type ArchiveRenewal = {
  /** The PDF with its new archive timestamp; null when it needed none. */
  bytes: Uint8Array | null
  /**
   * When the certificate of the timestamp authority of its last document timestamp, before any renewal,
   * expires; null when it has none (or is encrypted, see {@link archivePdf}).
   */
  expiresAt: Date | null
}

/**
 * Renews a B-LTA PDF's archive timestamp (ETSI EN 319 142-1 §5.5) when the certificate of the authority of
 * its last document timestamp expires before `renewBefore`: as {@link archivePdf}, the DSS first gains that
 * timestamp's validation data (the authority's certificate chain, OCSP responses and CRLs, now, while they
 * can still be had), then a new document timestamp covers everything, each in an incremental update.
 */
export async function renewArchiveTimestamp(
  bytes: Uint8Array,
  authorities: ArchiveAuthorities,
  renewBefore: Date,
): Promise<ArchiveRenewal> {
  const pdf = await PDF.load(bytes)
  const expiresAt = pdf.isEncrypted ? null : archiveExpiry(pdf)
  if (expiresAt === null || expiresAt >= renewBefore) return { bytes: null, expiresAt }
  return { bytes: await archive(pdf, authorities), expiresAt }
}

async function archive(pdf: PDF, authorities: ArchiveAuthorities): Promise<Uint8Array> {
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

/** When the certificate of the authority of `pdf`'s last document timestamp expires; null without one. */
function archiveExpiry(pdf: PDF): Date | null {
  const resolve = (ref: PdfRef) => pdf.getObject(ref)
  let last: { end: number; token: Uint8Array } | undefined
  for (const field of pdf.getForm()?.getSignatureFields() ?? []) {
    const dict = field.isSigned() ? field.getSignatureDict() : undefined
    if (dict?.getName('SubFilter')?.value !== documentTimestampFilter) continue
    const contents = dict.get('Contents')
    const range = dict.get('ByteRange', resolve)
    const [, , offset, length] = range instanceof PdfArray ? [...range] : []
    if (!(contents instanceof PdfString && offset instanceof PdfNumber && length instanceof PdfNumber))
      continue
    const end = offset.value + length.value
    if (last === undefined || end > last.end) last = { end, token: contents.bytes }
  }
  if (last === undefined) return null
  // The authority's own certificate is the one for time-stamping among those its token carries.
  const authority = signedDataParts(last.token)
    .certificates.map((der) => new X509Certificate(der))
    .find((certificate) => certificate.keyUsage?.includes(OID.timeStamping))
  return authority === undefined ? null : new Date(authority.validTo)
}
