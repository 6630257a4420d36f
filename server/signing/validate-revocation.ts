import type { PDF, PdfRef } from '@libpdf/core'
import { PdfArray, PdfStream } from '@libpdf/core'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { cryptoEngine } from './crypto-engine.ts'

/** The revocation data a PDF carries in its Document Security Store (B-LT), parsed. */
export type DocumentRevocationData = {
  ocsp: pkijs.BasicOCSPResponse[]
  crls: pkijs.CertificateRevocationList[]
  /** The same as DER: the OCSP responses (as the DSS carries them) and CRLs. */
  values: { ocsps: Uint8Array[]; crls: Uint8Array[] }
}

/** What the revocation data a document carries says of a signer's certificate. */
export type RevocationReport = {
  /** good: a signed answer says it was not revoked; unknown: the document carries nothing about it. */
  status: 'good' | 'revoked' | 'unknown'
  /** When it was revoked, if it was. */
  revokedAt: Date | null
  /** Where the answer came from: the document's DSS; null when there was none. */
  source: 'document' | null
}

// Far more than any signed document carries; a crafted DSS with more is read this far only.
const maxEntries = 64
const idPkixOcspBasic = '1.3.6.1.5.5.7.48.1.1'

/**
 * The OCSP responses and CRLs of the document's DSS (`/DSS /OCSPs` and `/CRLs`). Nothing is fetched: a
 * document is judged from what it carries, so it can be judged without the network long after signing.
 */
export function documentRevocationData(pdf: PDF): DocumentRevocationData {
  const resolve = (ref: PdfRef) => pdf.getObject(ref)
  const dss = pdf.getCatalog().getDict('DSS', resolve)
  const streams = (name: string): Uint8Array[] => {
    const array = dss?.get(name, resolve)
    if (!(array instanceof PdfArray)) return []
    const found: Uint8Array[] = []
    for (const item of [...array].slice(0, maxEntries)) {
      const stream = item instanceof PdfStream ? item : resolve(item as PdfRef)
      if (stream instanceof PdfStream) found.push(stream.getDecodedData())
    }
    return found
  }
  const ocsp = streams('OCSPs').flatMap((der) => {
    try {
      const response = pkijs.OCSPResponse.fromBER(Uint8Array.from(der))
      const bytes = response.responseBytes
      if (bytes?.responseType !== idPkixOcspBasic) return []
      return [
        {
          der,
          parsed: pkijs.BasicOCSPResponse.fromBER(Uint8Array.from(bytes.response.valueBlock.valueHexView)),
        },
      ]
    } catch {
      return []
    }
  })
  const crls = streams('CRLs').flatMap((der) => {
    try {
      return [{ der, parsed: pkijs.CertificateRevocationList.fromBER(Uint8Array.from(der)) }]
    } catch {
      return []
    }
  })
  return {
    ocsp: ocsp.map(({ parsed }) => parsed),
    crls: crls.map(({ parsed }) => parsed),
    values: { ocsps: ocsp.map(({ der }) => der), crls: crls.map(({ der }) => der) },
  }
}

/**
 * What the document's revocation data says of `certificate`, counting only answers signed by its `issuer`
 * (a CRL) or by a responder the issuer certified (OCSP), so that no one else can vouch for it.
 */
export async function revocationOf(
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate | undefined,
  data: DocumentRevocationData,
): Promise<RevocationReport> {
  const none: RevocationReport = { status: 'unknown', revokedAt: null, source: null }
  if (issuer === undefined) return none
  const serial = Buffer.from(certificate.serialNumber.valueBlock.valueHexView)
  for (const response of data.ocsp) {
    const single = response.tbsResponseData.responses.find((candidate) =>
      Buffer.from(candidate.certID.serialNumber.valueBlock.valueHexView).equals(serial),
    )
    if (single === undefined || !(await signedByIssuer(response, issuer))) continue
    const status = single.certStatus as asn1js.BaseBlock
    if (status.idBlock.tagNumber === 0) return { status: 'good', revokedAt: null, source: 'document' }
    if (status.idBlock.tagNumber === 1) {
      return { status: 'revoked', revokedAt: revocationTime(status), source: 'document' }
    }
  }
  for (const crl of data.crls) {
    if (!crl.issuer.isEqual(issuer.subject)) continue
    if (!(await crl.verify({ issuerCertificate: issuer }, cryptoEngine).catch(() => false))) continue
    const entry = crl.revokedCertificates?.find((revoked) =>
      Buffer.from(revoked.userCertificate.valueBlock.valueHexView).equals(serial),
    )
    return entry
      ? { status: 'revoked', revokedAt: entry.revocationDate.value, source: 'document' }
      : { status: 'good', revokedAt: null, source: 'document' }
  }
  return none
}

async function signedByIssuer(
  response: pkijs.BasicOCSPResponse,
  issuer: pkijs.Certificate,
): Promise<boolean> {
  try {
    return await response.verify({ trustedCerts: [issuer] }, cryptoEngine)
  } catch {
    return false
  }
}

// RevokedInfo ::= SEQUENCE { revocationTime GeneralizedTime, revocationReason [0] EXPLICIT CRLReason OPTIONAL }
function revocationTime(status: asn1js.BaseBlock): Date | null {
  const first = (status as asn1js.Constructed).valueBlock?.value?.[0]
  if (first instanceof asn1js.GeneralizedTime) return first.toDate()
  const inner = (first as asn1js.Constructed | undefined)?.valueBlock?.value?.[0]
  return inner instanceof asn1js.GeneralizedTime ? inner.toDate() : null
}
