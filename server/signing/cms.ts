import { createHash } from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { certificateParts, concat, ecdsaSignatureDer, tlv } from './der.ts'
import { OID } from './oids.ts'

/**
 * Who signs a CMS: the signer's certificate and chain, and what makes the signature value over the DER of the
 * signed attributes. A key the platform holds ({@link localSigner}) or a QTSP's remote key (the CSC API).
 */
export type CmsSigner = {
  /** DER certificate of the signer. */
  certificate: Uint8Array
  /** DER certificates above `certificate`, up to the root. */
  chain: Uint8Array[]
  /** OID of the signature algorithm `sign` uses, with SHA-256 (ecdsa-with-SHA256, sha256WithRSAEncryption). */
  signatureAlgorithm: string
  /** The signature value as CMS carries it (DER for ECDSA) over these bytes, hashed with SHA-256. */
  sign(signedAttributes: Uint8Array): Promise<Uint8Array>
  /**
   * A QTSP's credential of SCAL 2: authorises signing exactly these signed attributes, one signature each,
   * before `sign` is asked for any of them. Absent: `sign` needs no authorisation of the hashes.
   */
  bind?(signedAttributes: Uint8Array[]): Promise<void>
}

/** A {@link CmsSigner} with a P-256 key the platform holds. */
export function localSigner(certificate: Uint8Array, key: CryptoKey, chain: Uint8Array[]): CmsSigner {
  return {
    certificate,
    chain,
    signatureAlgorithm: OID.ecdsaWithSha256,
    sign: async (bytes) =>
      ecdsaSignatureDer(
        new Uint8Array(
          await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, Uint8Array.from(bytes)),
        ),
      ),
  }
}

/** What to sign into one CMS SignedData structure. */
export type CmsSignRequest = {
  signer: CmsSigner
  /** The content type the signed attributes name (`id-data` for PDF, `id-ct-TSTInfo` for a token). */
  contentType: string
  /** SHA-256 digest of the content, for the messageDigest attribute. */
  contentDigest: Uint8Array
  /** The content itself, embedded as eContent; absent for a detached signature. */
  content?: Uint8Array
}

/**
 * Already-encoded DER placed inside an asn1js structure as it is. asn1js takes about a millisecond
 * per certificate to parse or re-encode; certificates and timestamp tokens never need either.
 */
export class RawDer {
  readonly bytes: Uint8Array

  constructor(bytes: Uint8Array) {
    this.bytes = bytes
  }

  /** The asn1js encoder protocol: write into the parent's writer, or return the bytes. */
  toBER(_sizeOnly?: boolean, writer?: { write(buffer: ArrayBuffer): void }): ArrayBuffer {
    const buffer = Uint8Array.from(this.bytes).buffer
    if (!writer) return buffer
    writer.write(buffer)
    return new ArrayBuffer(0)
  }

  /** Typed as the asn1js block it stands in for. */
  asBlock(): asn1js.BaseBlock {
    return this as unknown as asn1js.BaseBlock
  }
}

/**
 * Builds and signs a CMS SignedData with the signed attributes PAdES baseline and RFC 5816 ask
 * for: contentType, messageDigest and signing-certificate-v2 (no signingTime: PAdES keeps the
 * claimed time in the signature dictionary's /M); the signer signs their DER, wherever its key is.
 * Certificates are added by `signedDataDer`.
 */
export async function createSignedData(request: CmsSignRequest): Promise<pkijs.SignedData> {
  return prepareSignedData(request).complete()
}

/** A SignedData of {@link createSignedData} before its signer signs: the bytes it will sign, and the signing. */
type PreparedSignedData = { signedAttributes: Uint8Array; complete(): Promise<pkijs.SignedData> }

/** {@link createSignedData} in two steps: what is signed is known before the signer is asked (SCAL 2). */
export function prepareSignedData(request: CmsSignRequest): PreparedSignedData {
  const { certificate } = request.signer
  const parts = certificateParts(certificate)
  const serial = parts.tbs.subarray(parts.serial.start, parts.serial.end)
  const issuerAndSerial = tlv(0x30, concat([parts.issuer, serial]))
  const sha256 = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    // pkijs writes a sid that is not its own IssuerAndSerialNumber class as it is.
    sid: new RawDer(issuerAndSerial),
    digestAlgorithm: sha256(),
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: request.signer.signatureAlgorithm,
      // RFC 4055: an RSA signature algorithm's parameters are NULL; ECDSA's are absent (RFC 5758).
      ...(request.signer.signatureAlgorithm === OID.sha256WithRsaEncryption
        ? { algorithmParams: new asn1js.Null() }
        : {}),
    }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: [
        attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: request.contentType })),
        attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: request.contentDigest })),
        attribute(
          OID.signingCertificateV2,
          new RawDer(signingCertificateV2(certificate, parts.issuer, serial)).asBlock(),
        ),
      ],
    }),
  })
  // What is signed is the signed attributes' DER with the SET OF tag in place of their [0] (RFC 5652 5.4).
  const signedAttributes = new Uint8Array(
    signerInfo.signedAttrs?.toSchema().toBER(false) ?? new ArrayBuffer(0),
  )
  signedAttributes[0] = 0x31
  return {
    signedAttributes,
    async complete() {
      signerInfo.signature = new asn1js.OctetString({ valueHex: await request.signer.sign(signedAttributes) })
      const signedData = new pkijs.SignedData({
        version: 1,
        digestAlgorithms: [sha256()],
        encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: request.contentType }),
        signerInfos: [signerInfo],
      })
      // Set after construction: pkijs's constructor would turn it into a BER constructed OCTET STRING.
      if (request.content) {
        signedData.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: request.content })
      }
      return signedData
    },
  }
}

/** Serialises a SignedData in its ContentInfo, embedding the given DER certificates as they are. */
export function signedDataDer(
  signedData: pkijs.SignedData,
  certificates: Uint8Array[],
): Uint8Array<ArrayBuffer> {
  const schema = signedData.toSchema(true) as asn1js.Sequence
  if (certificates.length > 0) {
    // SignedData: version, digestAlgorithms, encapContentInfo, [0] certificates, ..., signerInfos.
    schema.valueBlock.value.splice(
      3,
      0,
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: certificates.map((der) => new RawDer(der).asBlock()),
      }),
    )
  }
  const contentInfo = new asn1js.Sequence({
    value: [
      new asn1js.ObjectIdentifier({ value: OID.signedData }),
      new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [schema] }),
    ],
  })
  return new Uint8Array(contentInfo.toBER(false))
}

/** Builds one CMS attribute with a single value. */
export function attribute(type: string, value: asn1js.BaseBlock): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] })
}

// ESS signing-certificate-v2 (RFC 5035): binds the signer's certificate into the signed attributes
// so it cannot be swapped; hashAlgorithm is left at its SHA-256 default, issuerSerial included.
function signingCertificateV2(certificate: Uint8Array, issuer: Uint8Array, serial: Uint8Array): Uint8Array {
  const certHash = new Uint8Array(createHash('sha256').update(certificate).digest())
  const generalNames = tlv(0x30, tlv(0xa4, issuer))
  const essCertIdV2 = tlv(0x30, concat([tlv(0x04, certHash), tlv(0x30, concat([generalNames, serial]))]))
  return tlv(0x30, tlv(0x30, essCertIdV2))
}
