import { createHash, randomBytes } from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { dayMs } from '../../contract/datetime.ts'
import { cryptoEngine } from './crypto-engine.ts'
import { OID } from './oids.ts'

/** One subject or issuer name, rendered in this order as X.500 attributes. */
export type DistinguishedName = {
  commonName: string
  organization?: string
  organizationalUnit?: string
  country?: string
  /** ETSI EN 319 412-1 organisation identifier (`VATCH-CHE123456789`), named by organisation certificates. */
  organizationIdentifier?: string
  email?: string
}

/** What a certificate is for; drives its extensions. */
export type CertificateProfile = 'rootCa' | 'issuingCa' | 'timestamping' | 'signing' | 'ocspSigning'

/**
 * Where a verifier finds what a certificate's issuer publishes, as absolute URLs: its OCSP responder, its CRL and
 * its own certificate (caIssuers).
 */
export type IssuerPointers = { ocsp: string; crl: string; caIssuers: string }

/** Everything needed to issue one certificate. */
export type CertificateSpec = {
  /** The subject's name, or the very name of a certificate that names it already (a link between roots). */
  subject: DistinguishedName | pkijs.RelativeDistinguishedNames
  /**
   * The subject's key pair (its private key signs a self-signed root), or the public key of a certificate that
   * certified it already (a link between roots), as that certificate has it.
   */
  subjectKey: CryptoKeyPair | pkijs.PublicKeyInfo
  /** The issuer's certificate and key; absent for a self-signed root. */
  issuer?: { certificate: pkijs.Certificate; key: CryptoKey }
  profile: CertificateProfile
  validDays: number
  policies?: string[]
  /** Named in Authority Information Access and CRL Distribution Points; absent on the self-signed root. */
  authority?: IssuerPointers
  /** When its validity starts (less an hour). @default the system's time */
  issuedAt?: Date
}

/** The key algorithm of every key in the platform PKI: fast to sign, accepted by NSS and Adobe. */
export const keyAlgorithm: EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' }

/** Creates a fresh extractable key pair for the platform PKI. */
export async function generateKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(keyAlgorithm, true, ['sign', 'verify'])
}

/**
 * A certificate's or CRL's time (RFC 5280 §4.1.2.5, §5.1.2.4, §5.1.2.6): UTCTime through 2049, GeneralizedTime
 * from 2050 (UTCTime's "50" is 1950), in whole seconds (asn1js writes a GeneralizedTime's milliseconds, which
 * RFC 5280 §4.1.2.5.2 forbids).
 */
export function pkixTime(at: Date): pkijs.Time {
  const value = new Date(Math.floor(at.getTime() / 1000) * 1000)
  return new pkijs.Time({ type: value.getUTCFullYear() < 2050 ? 0 : 1, value })
}

/** Issues an X.509 v3 certificate (self-signed when `issuer` is absent). */
export async function createCertificate(spec: CertificateSpec): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate()
  certificate.version = 2
  certificate.serialNumber = new asn1js.Integer({ valueHex: positiveSerial() })
  const { subject } = spec
  const named = subject instanceof pkijs.RelativeDistinguishedNames
  certificate.subject = named ? copyOf(subject) : distinguishedName(subject)
  certificate.issuer = spec.issuer ? spec.issuer.certificate.subject : certificate.subject
  const now = spec.issuedAt?.getTime() ?? Date.now()
  // Backdated an hour so a verifier whose clock lags a little still accepts a fresh certificate.
  certificate.notBefore = pkixTime(new Date(now - 3_600_000))
  certificate.notAfter = pkixTime(new Date(now + spec.validDays * dayMs))
  let signingKey = spec.issuer?.key
  if (spec.subjectKey instanceof pkijs.PublicKeyInfo) {
    certificate.subjectPublicKeyInfo = copyOf(spec.subjectKey)
  } else {
    await certificate.subjectPublicKeyInfo.importKey(spec.subjectKey.publicKey, cryptoEngine)
    signingKey ??= spec.subjectKey.privateKey
  }
  if (signingKey === undefined) throw new Error('x509.self_signed_without_private_key')

  const subjectKeyId = keyIdentifier(certificate.subjectPublicKeyInfo)
  const issuerKeyId = spec.issuer ? keyIdentifier(spec.issuer.certificate.subjectPublicKeyInfo) : subjectKeyId
  certificate.extensions = [
    ...profileExtensions(spec.profile),
    extension(OID.subjectKeyIdentifier, false, new asn1js.OctetString({ valueHex: subjectKeyId })),
    extension(
      OID.authorityKeyIdentifier,
      false,
      new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: issuerKeyId }),
      }).toSchema(),
    ),
  ]
  if (spec.policies?.length) {
    certificate.extensions.push(
      extension(
        OID.certificatePolicies,
        false,
        new pkijs.CertificatePolicies({
          certificatePolicies: spec.policies.map(
            (policyIdentifier) => new pkijs.PolicyInformation({ policyIdentifier }),
          ),
        }).toSchema(),
      ),
    )
  }
  if (spec.authority) certificate.extensions.push(...issuerExtensions(spec.authority))
  const email = named ? undefined : subject.email
  if (email) {
    certificate.extensions.push(
      extension(
        OID.subjectAltName,
        false,
        new pkijs.GeneralNames({
          names: [new pkijs.GeneralName({ type: 1, value: email })],
        }).toSchema(),
      ),
    )
  }
  await certificate.sign(signingKey, 'SHA-256', cryptoEngine)
  return certificate
}

// A copy through DER: the very bytes of another certificate's name or key, which pkijs objects do not share.
function copyOf<Part extends pkijs.RelativeDistinguishedNames | pkijs.PublicKeyInfo>(part: Part): Part {
  const der = part.toSchema().toBER(false)
  return (
    part instanceof pkijs.PublicKeyInfo
      ? pkijs.PublicKeyInfo.fromBER(der)
      : pkijs.RelativeDistinguishedNames.fromBER(der)
  ) as Part
}

/** Parses DER bytes into a certificate. */
export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  return pkijs.Certificate.fromBER(Uint8Array.from(der))
}

/** Serialises a certificate to DER. */
export function certificateDer(certificate: pkijs.Certificate): Uint8Array {
  return new Uint8Array(certificate.toSchema(true).toBER(false))
}

function profileExtensions(profile: CertificateProfile): pkijs.Extension[] {
  switch (profile) {
    case 'rootCa':
      return [
        extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: true }).toSchema()),
        keyUsage(0x06),
      ]
    case 'issuingCa':
      return [
        extension(
          OID.basicConstraints,
          true,
          new pkijs.BasicConstraints({ cA: true, pathLenConstraint: 0 }).toSchema(),
        ),
        keyUsage(0x06),
      ]
    case 'timestamping':
      return [
        extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: false }).toSchema()),
        keyUsage(0xc0),
        extension(
          OID.extKeyUsage,
          true,
          new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }).toSchema(),
        ),
      ]
    case 'signing':
      return [
        extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: false }).toSchema()),
        keyUsage(0xc0),
      ]
    case 'ocspSigning':
      return [
        extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: false }).toSchema()),
        keyUsage(0x80),
        extension(
          OID.extKeyUsage,
          false,
          new pkijs.ExtKeyUsage({ keyPurposes: [OID.ocspSigning] }).toSchema(),
        ),
        extension(OID.ocspNoCheck, false, new asn1js.Null()),
      ]
  }
}

function issuerExtensions(pointers: IssuerPointers): pkijs.Extension[] {
  const uri = (value: string) => new pkijs.GeneralName({ type: 6, value })
  return [
    extension(
      OID.authorityInfoAccess,
      false,
      new pkijs.InfoAccess({
        accessDescriptions: [
          new pkijs.AccessDescription({ accessMethod: OID.accessOcsp, accessLocation: uri(pointers.ocsp) }),
          new pkijs.AccessDescription({
            accessMethod: OID.accessCaIssuers,
            accessLocation: uri(pointers.caIssuers),
          }),
        ],
      }).toSchema(),
    ),
    extension(
      OID.crlDistributionPoints,
      false,
      new pkijs.CRLDistributionPoints({
        distributionPoints: [new pkijs.DistributionPoint({ distributionPoint: [uri(pointers.crl)] })],
      }).toSchema(),
    ),
  ]
}

// Bits in the first byte: 0x80 digitalSignature, 0x40 nonRepudiation, 0x04 keyCertSign, 0x02 cRLSign.
function keyUsage(bits: number): pkijs.Extension {
  let unusedBits = 0
  while (unusedBits < 7 && (bits & (1 << unusedBits)) === 0) unusedBits++
  const value = new asn1js.BitString({ valueHex: new Uint8Array([bits]).buffer, unusedBits })
  return extension(OID.keyUsage, true, value)
}

/** An extension with its value encoded as DER. */
export function extension(
  extnID: string,
  critical: boolean,
  value: { toBER(sizeOnly?: boolean): ArrayBuffer },
): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) })
}

// One attribute per RDN: pkijs would put them all in a single multi-valued RDN, which verifiers
// display as one "O + OU + CN" blob.
function distinguishedName(name: DistinguishedName): pkijs.RelativeDistinguishedNames {
  const entries: [string, asn1js.Utf8String | asn1js.PrintableString | asn1js.IA5String][] = []
  if (name.country) entries.push([OID.countryName, new asn1js.PrintableString({ value: name.country })])
  if (name.organization) entries.push([OID.organizationName, utf8(name.organization)])
  if (name.organizationalUnit) entries.push([OID.organizationalUnitName, utf8(name.organizationalUnit)])
  if (name.organizationIdentifier) {
    entries.push([OID.organizationIdentifier, utf8(name.organizationIdentifier)])
  }
  entries.push([OID.commonName, utf8(name.commonName)])
  if (name.email) entries.push([OID.emailAddress, new asn1js.IA5String({ value: name.email })])
  const sequence = new asn1js.Sequence({
    value: entries.map(
      ([type, value]) =>
        new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] }),
    ),
  })
  return pkijs.RelativeDistinguishedNames.fromBER(sequence.toBER(false))
}

function utf8(value: string): asn1js.Utf8String {
  return new asn1js.Utf8String({ value })
}

// RFC 5280 §4.2.1.2 method 1: SHA-1 of the subjectPublicKey bit string.
function keyIdentifier(info: pkijs.PublicKeyInfo): Uint8Array {
  return new Uint8Array(createHash('sha1').update(info.subjectPublicKey.valueBlock.valueHexView).digest())
}

/** 16 random bytes, top bit cleared: positive, unpredictable, within RFC 5280's 20 octets. */
export function positiveSerial(): Uint8Array<ArrayBuffer> {
  const serial = new Uint8Array(randomBytes(16))
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01
  return serial
}
