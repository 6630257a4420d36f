import type * as asn1js from 'asn1js'

/**
 * Object identifiers used by the platform's PKI, its timestamp authority and its signatures.
 *
 * The platform arc sits under `2.25` (a UUID-derived OID, ITU-T X.667), which needs no
 * registration and cannot collide with anyone else's arc.
 */
const platformArc = '2.25.247195180127396212445836375006155326518'

export const OID = {
  commonName: '2.5.4.3',
  countryName: '2.5.4.6',
  organizationName: '2.5.4.10',
  organizationalUnitName: '2.5.4.11',
  organizationIdentifier: '2.5.4.97',
  emailAddress: '1.2.840.113549.1.9.1',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  certificatePolicies: '2.5.29.32',
  subjectAltName: '2.5.29.17',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  ocspSigning: '1.3.6.1.5.5.7.3.9',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  crlDistributionPoints: '2.5.29.31',
  /** Access method of an OCSP responder in Authority Information Access. */
  accessOcsp: '1.3.6.1.5.5.7.48.1',
  /** Access method of the issuer's certificate in Authority Information Access. */
  accessCaIssuers: '1.3.6.1.5.5.7.48.2',
  /** RFC 6960 §4.2.1: the id-pkix-ocsp-basic response type. */
  ocspBasic: '1.3.6.1.5.5.7.48.1.1',
  ocspNonce: '1.3.6.1.5.5.7.48.1.2',
  /** RFC 6960 §4.2.2.2.1: a delegated responder's own certificate is not checked for revocation. */
  ocspNoCheck: '1.3.6.1.5.5.7.48.1.5',
  crlNumber: '2.5.29.20',
  crlReason: '2.5.29.21',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsaEncryption: '1.2.840.113549.1.1.11',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  /** ETSI EN 319 411-2 QCP-n-qscd: a QTSP's qualified certificate of a person, key on a QSCD. */
  qcpNaturalQscd: '0.4.0.194112.1.2',
  /** ETSI EN 319 411-2 QCP-l-qscd: a QTSP's qualified certificate of an organisation (a seal), key on a QSCD. */
  qcpLegalQscd: '0.4.0.194112.1.3',
  /** Certificate policy of the platform's simple-signature certificate. */
  policySes: `${platformArc}.1.1`,
  /** Certificate policy of a per-signer certificate for an advanced signature. */
  policyAes: `${platformArc}.1.2`,
  /** Certificate policy of a per-signer certificate for a qualified signature. */
  policyQes: `${platformArc}.1.3`,
  /** Marks a certificate issued outside production: never valid for legal use. */
  policyDemo: `${platformArc}.1.9`,
  /** Policy under which the platform's timestamp authority issues tokens. */
  policyTsa: `${platformArc}.2.1`,
} as const

/**
 * The dotted form of a decoded OBJECT IDENTIFIER. asn1js renders arcs above 2^53 (like the
 * platform's `2.25` arc) as hex, so the DER is decoded here with BigInt.
 */
export function dottedOid(identifier: asn1js.ObjectIdentifier): string {
  const der = new Uint8Array(identifier.toBER(false))
  const lengthByte = der[1] ?? 0
  const content = der.subarray(2 + (lengthByte & 0x80 ? lengthByte & 0x7f : 0))
  const arcs: bigint[] = []
  let value = 0n
  for (const byte of content) {
    value = (value << 7n) | BigInt(byte & 0x7f)
    if ((byte & 0x80) === 0) {
      arcs.push(value)
      value = 0n
    }
  }
  const [first = 0n, ...rest] = arcs
  const head = first < 80n ? [first / 40n, first % 40n] : [2n, first - 80n]
  return [...head, ...rest].join('.')
}
