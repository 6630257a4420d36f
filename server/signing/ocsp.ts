import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { isRootCa } from '../../contract/pki.ts'
import type { Database } from '../db/open-database.ts'
import { type CertificateStatus, certificateStatus, type RevocationReason } from './certificate-registry.ts'
import { cryptoEngine } from './crypto-engine.ts'
import { OID } from './oids.ts'
import type { CertifiedKey, Pki, PlatformCa } from './pki.ts'
import { parseCertificate } from './x509.ts'

/** What the OCSP responder and the CRLs read: the registry of issued certificates, the PKI and the clock. */
export type RevocationServices = {
  db: Pick<Database, 'select'>
  /** The server's clock: thisUpdate, nextUpdate and producedAt. */
  now: () => Date
  pki: Pki
}

/** An OCSP request that is not a DER OCSPRequest, or asks about no certificate. */
export class OcspRequestError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OcspRequestError'
  }
}

/** How long an OCSP answer may be relied on (its nextUpdate after thisUpdate). */
const ocspValidityMs = 60 * 60 * 1000

/** RFC 5280 §5.3.1 CRLReason values. */
export const reasonCodes: Record<RevocationReason, number> = {
  unspecified: 0,
  keyCompromise: 1,
  cACompromise: 2,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  privilegeWithdrawn: 9,
  aACompromise: 10,
}

// RFC 6960 §4.2.1 OCSPResponseStatus.
const successful = 0
const unauthorized = 6

/**
 * Answers a DER OCSPRequest (RFC 6960) with a DER OCSPResponse: for certificates of the first issuing CA, signed
 * by its delegated responder; for those of a later issuing CA, and of a root (the issuing CAs' and the links to
 * the root after or before it), by that CA itself (RFC 6960 §4.2.2.2). A request about
 * another CA's certificates, or about both of ours at once, is `unauthorized`; a nonce is echoed.
 */
export async function answerOcspRequest(
  services: RevocationServices,
  requestDer: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  const { certIds, nonce } = readOcspRequest(requestDer)
  return respond(services, certIds, nonce)
}

/** The certificates a DER OCSPRequest asks about, and its nonce; OcspRequestError when it is none. */
export function readOcspRequest(requestDer: Uint8Array): {
  certIds: pkijs.CertID[]
  nonce?: pkijs.Extension
} {
  let request: pkijs.OCSPRequest
  try {
    request = pkijs.OCSPRequest.fromBER(Uint8Array.from(requestDer))
  } catch (error) {
    throw new OcspRequestError(`not a DER OCSPRequest: ${error instanceof Error ? error.message : error}`)
  }
  const certIds = request.tbsRequest.requestList.map((single) => single.reqCert)
  if (certIds.length === 0) throw new OcspRequestError('the OCSPRequest asks about no certificate')
  const nonce = request.tbsRequest.requestExtensions?.find((extension) => extension.extnID === OID.ocspNonce)
  return nonce ? { certIds, nonce } : { certIds }
}

/**
 * The DER OCSPResponse about one certificate the platform issued, as a client asking the responder would get
 * it: what a signed document embeds for validation without the network. Null for a certificate the platform
 * did not issue.
 */
export async function ocspResponseFor(
  services: RevocationServices,
  certificateDer: Uint8Array,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const certificate = parseCertificate(certificateDer)
  const ca = await services.pki.issuerOf(certificate)
  if (ca === undefined) return null
  const certId = await pkijs.CertID.create(
    certificate,
    { hashAlgorithm: 'SHA-256', issuerCertificate: ca.certificate },
    cryptoEngine,
  )
  return respond(services, [certId])
}

async function respond(
  services: RevocationServices,
  certIds: pkijs.CertID[],
  nonce?: pkijs.Extension,
): Promise<Uint8Array<ArrayBuffer>> {
  const platformCas = await services.pki.cas()
  const cas = await Promise.all(certIds.map((certId) => issuingCa(platformCas, certId)))
  const [ca] = cas
  if (ca === undefined || ca === null || cas.some((other) => other?.ca !== ca.ca)) return status(unauthorized)
  const responder: CertifiedKey = ca.ca === 'issuing' ? services.pki.ocsp : ca
  const answers = await Promise.all(
    certIds.map(async (certID) => {
      const serial = Buffer.from(certID.serialNumber.valueBlock.valueHexView).toString('hex')
      return { certID, status: await certificateStatus(services.db, ca.ca, serial) }
    }),
  )
  return signedOcspResponse(responder, answers, services.now(), {
    // A root is the verifier's trust anchor; any other responder is sent along for its chain.
    embedResponder: !isRootCa(ca.ca),
    ...(nonce ? { nonce } : {}),
  })
}

/**
 * A successful DER OCSPResponse (RFC 6960) signed by `responder`: the status of each certificate `answers`
 * names, valid an hour from `at`, the request's `nonce` echoed; a delegated responder's certificate is
 * embedded (`embedResponder`), a CA answering for its own certificates needs none.
 */
export async function signedOcspResponse(
  responder: Pick<CertifiedKey, 'certificate' | 'key'>,
  answers: { certID: pkijs.CertID; status: CertificateStatus }[],
  at: Date,
  options: { embedResponder: boolean; nonce?: pkijs.Extension },
): Promise<Uint8Array<ArrayBuffer>> {
  // Whole seconds: DER's GeneralizedTime has no trailing zeros, and asn1js writes the milliseconds.
  const now = new Date(Math.floor(at.getTime() / 1000) * 1000)
  const responses = answers.map(
    ({ certID, status: found }) =>
      new pkijs.SingleResponse({
        certID,
        certStatus: certStatusOf(found),
        thisUpdate: now,
        nextUpdate: new Date(now.getTime() + ocspValidityMs),
      }),
  )
  const basic = new pkijs.BasicOCSPResponse({
    tbsResponseData: new pkijs.ResponseData({
      responderID: responder.certificate.subject,
      producedAt: now,
      responses,
      ...(options.nonce ? { responseExtensions: [options.nonce] } : {}),
    }),
    ...(options.embedResponder ? { certs: [responder.certificate] } : {}),
  })
  await basic.sign(responder.key, 'SHA-256', cryptoEngine)
  return new Uint8Array(
    new pkijs.OCSPResponse({
      responseStatus: new asn1js.Enumerated({ value: successful }),
      responseBytes: new pkijs.ResponseBytes({
        responseType: OID.ocspBasic,
        response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER(false) }),
      }),
    })
      .toSchema()
      .toBER(false),
  )
}

function status(responseStatus: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    new pkijs.OCSPResponse({ responseStatus: new asn1js.Enumerated({ value: responseStatus }) })
      .toSchema()
      .toBER(false),
  )
}

// RFC 6960 §4.2.1 CertStatus: good [0] IMPLICIT NULL, revoked [1] IMPLICIT RevokedInfo, unknown [2].
function certStatusOf(found: CertificateStatus): asn1js.BaseBlock {
  if (found.status === 'good') return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } })
  if (found.status === 'unknown') return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 2 } })
  return new asn1js.Constructed({
    idBlock: { tagClass: 3, tagNumber: 1 },
    value: [
      new asn1js.GeneralizedTime({ valueDate: found.revokedAt }),
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: [new asn1js.Enumerated({ value: reasonCodes[found.reason] })],
      }),
    ],
  })
}

/** Which of the platform's CAs the CertID names as issuer, by the hashes of its name and key; else null. */
async function issuingCa(cas: PlatformCa[], certId: pkijs.CertID): Promise<PlatformCa | null> {
  let algorithm: string
  try {
    algorithm = cryptoEngine.getAlgorithmByOID<{ name: string }>(certId.hashAlgorithm.algorithmId, true).name
  } catch {
    return null
  }
  const nameHash = Buffer.from(certId.issuerNameHash.valueBlock.valueHexView)
  const keyHash = Buffer.from(certId.issuerKeyHash.valueBlock.valueHexView)
  for (const ca of cas) {
    const { certificate } = ca
    const name = await cryptoEngine.digest({ name: algorithm }, certificate.subject.toSchema().toBER(false))
    const key = await cryptoEngine.digest(
      { name: algorithm },
      Uint8Array.from(certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView),
    )
    if (nameHash.equals(Buffer.from(name)) && keyHash.equals(Buffer.from(key))) return ca
  }
  return null
}
