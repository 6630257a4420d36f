import { createHash, X509Certificate } from 'node:crypto'
import {
  type PDF,
  PdfArray,
  PdfDict,
  PdfName,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfString,
  type RevocationProvider,
} from '@libpdf/core'
import { ocspResponseCertificates, type SignedDataParts, signedDataParts } from './der.ts'

/** What validating one signature or timestamp later needs: certificates, OCSP responses and CRLs, DER. */
type ValidationData = { certificates: Uint8Array[]; ocsps: Uint8Array[]; crls: Uint8Array[] }

/** The revocation data of one certificate: an OCSP response, else a CRL, else neither. */
type Revocation = { ocsp: Uint8Array | null; crl: Uint8Array | null }

const dssArrays = { certificates: 'Certs', ocsps: 'OCSPs', crls: 'CRLs' } as const
const vriArrays = { certificates: 'Cert', ocsps: 'OCSP', crls: 'CRL' } as const

/**
 * Gives `pdf` a Document Security Store (ISO 32000-2 §12.8.4.3, ETSI EN 319 142-1 B-LT), merged with any it
 * has: the certificates of every signature and document timestamp and of the timestamps inside them, the
 * OCSP response of each certificate that has an issuer among them (else its CRL) as `revocation` answers,
 * and a /VRI entry per signature and timestamp naming its own. Written by the caller's next incremental
 * update.
 *
 * Instead of @libpdf/core's `addValidationData`, which parses every CMS and certificate with pkijs several
 * times and asks for one answer after another: that took half of the time of completing a document.
 */
export async function addValidationData(pdf: PDF, revocation: Required<RevocationProvider>): Promise<void> {
  // Each signature by its /Contents (zero-padded, as its VRI key is computed), then each timestamp in it. A
  // signature names its timestamp's certificates too: the timestamp proves when it was made.
  const signed: { contents: Uint8Array; certificates: Uint8Array[] }[] = []
  for (const field of pdf.getForm()?.getSignatureFields() ?? []) {
    const contents = field.isSigned() ? field.getSignatureDict()?.get('Contents') : undefined
    if (!(contents instanceof PdfString)) continue
    const parts = readable(contents.bytes)
    if (parts === undefined) continue
    const tokens = parts.timestampTokens.flatMap((token) => {
      const tokenParts = readable(token)
      return tokenParts === undefined ? [] : [{ contents: token, certificates: tokenParts.certificates }]
    })
    signed.push(
      {
        contents: contents.bytes,
        certificates: [...parts.certificates, ...tokens.flatMap((token) => token.certificates)],
      },
      ...tokens,
    )
  }
  if (signed.length === 0) return
  const certificates = new Map<string, { der: Uint8Array; x509: X509Certificate }>()
  for (const der of signed.flatMap((entry) => entry.certificates)) {
    const key = sha1(der)
    if (certificates.has(key)) continue
    try {
      certificates.set(key, { der, x509: new X509Certificate(der) })
    } catch {
      // Not a certificate anyone could check: nothing to ask about it.
    }
  }
  // Every question at once: the answers come from the API process, a message each.
  const answers = [...certificates].map(async ([key, { der, x509 }]) => {
    const issuer = [...certificates.values()].find(
      (candidate) =>
        candidate.x509 !== x509 && x509.checkIssued(candidate.x509) && x509.verify(candidate.x509.publicKey),
    )
    const ocsp = issuer === undefined ? null : await revocation.getOCSP(der, issuer.der)
    const answer: Revocation = { ocsp, crl: ocsp === null ? await revocation.getCRL(der) : null }
    return [key, answer] as const
  })
  const known = new Map(await Promise.all(answers))
  writeDss(
    pdf,
    signed.map(({ contents, certificates: own }) => {
      const revocations = own.map((der) => known.get(sha1(der)))
      const ocsps = revocations.flatMap((answer) => (answer?.ocsp ? [answer.ocsp] : []))
      return {
        key: sha1(contents).toUpperCase(),
        data: {
          certificates: [...own, ...ocsps.flatMap(ocspResponseCertificates)],
          ocsps,
          crls: revocations.flatMap((answer) => (answer?.crl ? [answer.crl] : [])),
        },
      }
    }),
  )
}

function readable(cms: Uint8Array): SignedDataParts | undefined {
  try {
    return signedDataParts(cms)
  } catch {
    // A CMS not in DER (another product's signature) gets no validation data from here.
    return undefined
  }
}

function sha1(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex')
}

/**
 * Writes the DSS as a new object the catalog points to: the earlier one's streams are kept, by reference,
 * and each new certificate, response or CRL is stored once; `entries` are the VRI entries, by key.
 */
function writeDss(pdf: PDF, entries: { key: string; data: ValidationData }[]) {
  const resolve = (ref: PdfRef) => pdf.getObject(ref)
  const catalog = pdf.getCatalog()
  const earlier = catalog.getDict('DSS', resolve)
  const dss = new PdfDict()
  for (const key of earlier?.keys() ?? []) {
    const value = earlier?.get(key)
    if (value !== undefined) dss.set(key, value)
  }
  dss.set('Type', PdfName.of('DSS'))
  // Each array of the DSS, and the streams in it by the SHA-1 of their data.
  const stored = new Map<keyof ValidationData, Map<string, PdfRef>>()
  for (const [kind, name] of Object.entries(dssArrays) as [keyof ValidationData, string][]) {
    const refs = new Map<string, PdfRef>()
    const array = earlier?.get(name, resolve)
    for (const item of array instanceof PdfArray ? array : []) {
      const stream = item instanceof PdfRef ? resolve(item) : undefined
      if (item instanceof PdfRef && stream instanceof PdfStream) refs.set(sha1(stream.getDecodedData()), item)
    }
    stored.set(kind, refs)
  }
  const refsOf = (kind: keyof ValidationData, items: Uint8Array[]) => {
    const refs = stored.get(kind) ?? new Map<string, PdfRef>()
    const named = new Map<string, PdfRef>()
    for (const item of items) {
      const hash = sha1(item)
      let ref = refs.get(hash)
      if (ref === undefined) {
        ref = pdf.register(new PdfStream(new PdfDict(), item))
        refs.set(hash, ref)
      }
      named.set(hash, ref)
    }
    return [...named.values()]
  }
  const earlierVri = earlier?.getDict('VRI', resolve)
  const vri = new PdfDict()
  for (const key of earlierVri?.keys() ?? []) {
    const value = earlierVri?.get(key)
    if (value !== undefined) vri.set(key, value)
  }
  for (const { key, data } of entries) {
    if (vri.get(key) !== undefined) continue
    const entry = new PdfDict()
    for (const [kind, name] of Object.entries(vriArrays) as [keyof ValidationData, string][]) {
      const refs: PdfObject[] = refsOf(kind, data[kind])
      if (refs.length > 0) entry.set(name, new PdfArray(refs))
    }
    vri.set(key, entry)
  }
  for (const [kind, name] of Object.entries(dssArrays) as [keyof ValidationData, string][]) {
    const refs = [...(stored.get(kind)?.values() ?? [])]
    if (refs.length > 0) dss.set(name, new PdfArray(refs))
  }
  dss.set('VRI', vri)
  catalog.set('DSS', pdf.register(dss))
}
