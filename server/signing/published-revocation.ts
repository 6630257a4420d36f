import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import type { RevocationProvider } from '@libpdf/core'
import * as pkijs from 'pkijs'
import { readLimited } from '../documents/read-upload.ts'
import { cryptoEngine } from './crypto-engine.ts'
import { OID } from './oids.ts'
import { parseCertificate } from './x509.ts'

/** How long to wait for another CA's OCSP responder or CRL, and the most of each to read. */
const ocspLimits = { timeoutMs: 5000, maxBytes: 128 * 1024 }
const crlLimits = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024 }

/**
 * `own`'s revocation data, and for certificates the platform did not issue (a QTSP's) what their CA publishes
 * where the certificate says: an OCSP answer from the responder its Authority Information Access names, signed
 * by its issuer's responder and about it, else the CRL of its CRL distribution point, of its issuer. Each is
 * asked once (a transaction's provider), within bounded times and sizes; a CA out of reach or answering
 * anything else gives null, and the signature reads B-T rather than failing a signing the QTSP has made.
 */
export function withPublishedRevocation(own: Required<RevocationProvider>): Required<RevocationProvider> {
  const asked = new Map<string, Promise<Uint8Array | null>>()
  const once = (key: string, make: () => Promise<Uint8Array | null>) => {
    const known = asked.get(key)
    if (known !== undefined) return known
    const answer = make()
    asked.set(key, answer)
    return answer
  }
  return {
    getOCSP: (certificate, issuer) =>
      once(`ocsp:${Buffer.from(certificate).toString('base64')}`, async () => {
        return (
          (await own.getOCSP(certificate, issuer)) ?? publishedOcsp(certificate, issuer).catch(() => null)
        )
      }),
    getCRL: (certificate) =>
      once(`crl:${Buffer.from(certificate).toString('base64')}`, async () => {
        return (await own.getCRL(certificate)) ?? publishedCrl(certificate).catch(() => null)
      }),
  }
}

/**
 * Whether the CA of a certificate the platform did not issue (a QTSP's) says now that it is revoked, by the OCSP
 * answer it publishes where the certificate names it (as {@link withPublishedRevocation} fetches it), signed
 * by `issuer`'s responder. A qualified certificate's CA answers OCSP (ETSI EN 319 411-2); one out of reach or
 * answering anything else leaves it not known to be revoked, within 5 seconds.
 */
export async function publishedAsRevoked(
  certificateDer: Uint8Array,
  issuerDer: Uint8Array,
): Promise<boolean> {
  const der = await publishedOcsp(certificateDer, issuerDer).catch(() => null)
  if (der === null) return false
  const bytes = pkijs.OCSPResponse.fromBER(Uint8Array.from(der)).responseBytes
  if (bytes === undefined) return false
  const basic = pkijs.BasicOCSPResponse.fromBER(Uint8Array.from(bytes.response.valueBlock.valueHexView))
  const { status } = await basic.getCertificateStatus(
    parseCertificate(certificateDer),
    parseCertificate(issuerDer),
    cryptoEngine,
  )
  // RFC 6960 CertStatus: 0 good, 1 revoked, 2 unknown.
  return status === 1
}

async function publishedOcsp(certificateDer: Uint8Array, issuerDer: Uint8Array): Promise<Uint8Array | null> {
  const certificate = parseCertificate(certificateDer)
  const issuer = parseCertificate(issuerDer)
  const request = new pkijs.OCSPRequest()
  // SHA-1 CertIDs: what every responder answers (RFC 5019 §2.1.1).
  await request.createForCertificate(
    certificate,
    { hashAlgorithm: 'SHA-1', issuerCertificate: issuer },
    cryptoEngine,
  )
  for (const url of locations(certificate, OID.authorityInfoAccess)) {
    const der = await download(url, ocspLimits, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request' },
      body: new Uint8Array(request.toSchema(true).toBER(false)),
    })
    if (der === null) continue
    const response = pkijs.OCSPResponse.fromBER(Uint8Array.from(der))
    const bytes = response.responseBytes
    if (response.responseStatus.valueBlock.valueDec !== 0 || bytes?.responseType !== OID.ocspBasic) continue
    const basic = pkijs.BasicOCSPResponse.fromBER(Uint8Array.from(bytes.response.valueBlock.valueHexView))
    const { isForCertificate } = await basic.getCertificateStatus(certificate, issuer, cryptoEngine)
    if (isForCertificate && (await basic.verify({ trustedCerts: [issuer] }, cryptoEngine))) return der
  }
  return null
}

async function publishedCrl(certificateDer: Uint8Array): Promise<Uint8Array | null> {
  const certificate = parseCertificate(certificateDer)
  for (const url of locations(certificate, OID.crlDistributionPoints)) {
    const der = await download(url, crlLimits, { method: 'GET' })
    if (der === null) continue
    const crl = pkijs.CertificateRevocationList.fromBER(Uint8Array.from(der))
    if (crl.issuer.isEqual(certificate.issuer)) return der
  }
  return null
}

/** The http(s) URLs of the certificate's OCSP responders (AIA) or CRL distribution points. */
function locations(certificate: pkijs.Certificate, extnID: string): string[] {
  const parsed = certificate.extensions?.find((extension) => extension.extnID === extnID)?.parsedValue
  const names =
    parsed instanceof pkijs.InfoAccess
      ? parsed.accessDescriptions
          .filter((description) => description.accessMethod === OID.accessOcsp)
          .map((description) => description.accessLocation)
      : parsed instanceof pkijs.CRLDistributionPoints
        ? parsed.distributionPoints.flatMap((point) =>
            Array.isArray(point.distributionPoint) ? point.distributionPoint : [],
          )
        : []
  return names.flatMap((name) =>
    name.type === 6 && typeof name.value === 'string' && /^https?:\/\//i.test(name.value) ? [name.value] : [],
  )
}

async function download(
  url: string,
  limits: { timeoutMs: number; maxBytes: number },
  init: RequestInit,
): Promise<Uint8Array | null> {
  const response = await fetch(url, {
    ...init,
    redirect: 'error',
    signal: AbortSignal.timeout(limits.timeoutMs),
  })
  if (!response.ok || response.body === null) {
    await response.body?.cancel()
    return null
  }
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)
  return (await readLimited(body, limits.maxBytes)) ?? null
}
