/**
 * Just enough DER to work on certificates as bytes. asn1js needs about a millisecond to parse or
 * encode one certificate; signing copies, embeds and re-signs certificates on every signature, and
 * completing a document gathers the certificates of all its signatures, so doing that on the bytes keeps
 * each within a few milliseconds.
 */

import { OID } from './oids.ts'

/** One tag-length-value element inside a byte array. */
type Tlv = {
  tag: number
  /** Offset of the tag byte. */
  start: number
  /** Offset of the first content byte. */
  contentStart: number
  /** Offset just after the element. */
  end: number
}

/** Reads the element starting at `offset` (single-byte tags, definite lengths, as DER has). */
function readTlv(bytes: Uint8Array, offset: number): Tlv {
  const tag = bytes[offset] ?? 0
  const first = bytes[offset + 1] ?? 0
  let length = first
  let contentStart = offset + 2
  if (first & 0x80) {
    const count = first & 0x7f
    // BER's indefinite length (0x80), or a length no PDF holds.
    if (count === 0 || count > 4) throw new Error('der.unsupported_length')
    length = 0
    for (let index = 0; index < count; index++) length = length * 256 + (bytes[offset + 2 + index] ?? 0)
    contentStart += count
  }
  const end = contentStart + length
  if (end > bytes.length) throw new Error('der.truncated')
  return { tag, start: offset, contentStart, end }
}

/** The children of a constructed element, in order. */
function children(bytes: Uint8Array, parent: Tlv): Tlv[] {
  const result: Tlv[] = []
  for (let offset = parent.contentStart; offset < parent.end; ) {
    const child = readTlv(bytes, offset)
    result.push(child)
    offset = child.end
  }
  return result
}

/** The certificates a CMS SignedData carries, and the timestamp tokens its signers' unsigned attributes hold. */
export type SignedDataParts = {
  /** DER certificates of its `certificates` field. */
  certificates: Uint8Array[]
  /** DER ContentInfo of each RFC 3161 signature timestamp (id-aa-signatureTimeStampToken). */
  timestampTokens: Uint8Array[]
}

const signedDataType = oidContent(OID.signedData)
const timestampTokenType = oidContent(OID.signatureTimeStampToken)

/**
 * The parts of a DER CMS ContentInfo holding a SignedData (a PDF signature's /Contents, a timestamp token)
 * that long-term validation needs, read from the bytes: what follows the structure (a signature's zero
 * padding) is ignored. Throws on anything else, a BER encoding included.
 */
export function signedDataParts(cms: Uint8Array): SignedDataParts {
  const contentInfo = readTlv(cms, 0)
  const [type, explicit] = children(cms, contentInfo)
  if (
    contentInfo.tag !== 0x30 ||
    type?.tag !== 0x06 ||
    !equalBytes(cms.subarray(type.contentStart, type.end), signedDataType) ||
    explicit?.tag !== 0xa0
  ) {
    throw new Error('der.not_signed_data')
  }
  const [signedData] = children(cms, explicit)
  if (signedData?.tag !== 0x30) throw new Error('der.not_signed_data')
  // SignedData: version, digestAlgorithms, encapContentInfo, [0] certificates, [1] crls, signerInfos.
  const fields = children(cms, signedData)
  const certificateSet = fields.find((field) => field.tag === 0xa0)
  const signerInfos = fields.at(-1)
  if (signerInfos?.tag !== 0x31) throw new Error('der.not_signed_data')
  const bytesOf = (element: Tlv) => cms.subarray(element.start, element.end)
  const timestampTokens: Uint8Array[] = []
  for (const signerInfo of children(cms, signerInfos)) {
    // SignerInfo: ..., signature, [1] unsignedAttrs.
    const unsigned = children(cms, signerInfo).find((field) => field.tag === 0xa1)
    for (const attribute of unsigned === undefined ? [] : children(cms, unsigned)) {
      const [attributeType, values] = children(cms, attribute)
      if (
        attributeType?.tag === 0x06 &&
        values?.tag === 0x31 &&
        equalBytes(cms.subarray(attributeType.contentStart, attributeType.end), timestampTokenType)
      ) {
        timestampTokens.push(...children(cms, values).map(bytesOf))
      }
    }
  }
  return {
    // CertificateChoices other than a plain certificate (attribute certificates, [0]-[3]) are left out.
    certificates: (certificateSet === undefined ? [] : children(cms, certificateSet))
      .filter((element) => element.tag === 0x30)
      .map(bytesOf),
    timestampTokens,
  }
}

/**
 * The certificates a DER OCSPResponse carries (a delegated responder's, RFC 6960 §4.2.1 `certs`); none for
 * an answer the CA signed itself, or that is not a basic response.
 */
export function ocspResponseCertificates(response: Uint8Array): Uint8Array[] {
  // OCSPResponse: responseStatus, [0] { ResponseBytes: responseType, response OCTET STRING }.
  const [, explicit] = children(response, readTlv(response, 0))
  const [responseBytes] = explicit?.tag === 0xa0 ? children(response, explicit) : []
  const [, octets] = responseBytes === undefined ? [] : children(response, responseBytes)
  if (octets?.tag !== 0x04) return []
  const basic = response.subarray(octets.contentStart, octets.end)
  // BasicOCSPResponse: tbsResponseData, signatureAlgorithm, signature, [0] { SEQUENCE OF Certificate }.
  const certs = children(basic, readTlv(basic, 0)).find((field) => field.tag === 0xa0)
  const [sequence] = certs === undefined ? [] : children(basic, certs)
  return (sequence === undefined ? [] : children(basic, sequence)).map((element) =>
    basic.subarray(element.start, element.end),
  )
}

/** The content octets of an OBJECT IDENTIFIER's DER (X.690 §8.19). */
function oidContent(dotted: string): Uint8Array {
  const [first = 0n, second = 0n, ...rest] = dotted.split('.').map(BigInt)
  const octets: number[] = []
  for (const arc of [first * 40n + second, ...rest]) {
    const groups = [Number(arc & 0x7fn)]
    for (let value = arc >> 7n; value > 0n; value >>= 7n) groups.unshift(Number(value & 0x7fn) | 0x80)
    octets.push(...groups)
  }
  return Uint8Array.from(octets)
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index])
}

/** Encodes one element from its tag and content. */
export function tlv(tag: number, content: Uint8Array): Uint8Array {
  const length = content.length
  const header =
    length < 0x80
      ? [tag, length]
      : length < 0x100
        ? [tag, 0x81, length]
        : length < 0x10000
          ? [tag, 0x82, length >> 8, length & 0xff]
          : [tag, 0x83, length >> 16, (length >> 8) & 0xff, length & 0xff]
  const result = new Uint8Array(header.length + length)
  result.set(header, 0)
  result.set(content, header.length)
  return result
}

/** Byte slices of the parts of an X.509 certificate that signing needs. */
export type CertificateParts = {
  tbs: Uint8Array
  /** The serialNumber element, with offsets relative to `tbs`. */
  serial: Tlv
  /** DER of the issuer Name. */
  issuer: Uint8Array
  /** DER of the outer signatureAlgorithm AlgorithmIdentifier. */
  signatureAlgorithm: Uint8Array
}

/** Splits a DER certificate into the parts signing needs, without parsing the rest. */
export function certificateParts(der: Uint8Array): CertificateParts {
  const certificate = readTlv(der, 0)
  const [tbsTlv, algorithm] = children(der, certificate)
  if (!tbsTlv || !algorithm) throw new Error('der.not_a_certificate')
  const fields = children(der, tbsTlv)
  // tbsCertificate: [0] version, serialNumber, signature, issuer, ...
  const offset = fields[0]?.tag === 0xa0 ? 1 : 0
  const serial = fields[offset]
  const issuer = fields[offset + 2]
  if (!serial || !issuer) throw new Error('der.not_a_certificate')
  return {
    tbs: der.subarray(tbsTlv.start, tbsTlv.end),
    serial: shift(serial, tbsTlv.start),
    issuer: der.subarray(issuer.start, issuer.end),
    signatureAlgorithm: der.subarray(algorithm.start, algorithm.end),
  }
}

function shift(element: Tlv, by: number): Tlv {
  return {
    tag: element.tag,
    start: element.start - by,
    contentStart: element.contentStart - by,
    end: element.end - by,
  }
}

/** Turns a WebCrypto ECDSA signature (r || s) into the DER SEQUENCE { r, s } X.509 and CMS use. */
export function ecdsaSignatureDer(p1363: Uint8Array): Uint8Array {
  const half = p1363.length / 2
  const integer = (value: Uint8Array) => {
    let start = 0
    while (start < value.length - 1 && value[start] === 0) start++
    const trimmed = value.subarray(start)
    const positive = (trimmed[0] ?? 0) & 0x80 ? concat([new Uint8Array([0]), trimmed]) : trimmed
    return tlv(0x02, positive)
  }
  return tlv(0x30, concat([integer(p1363.subarray(0, half)), integer(p1363.subarray(half))]))
}

/** Concatenates byte arrays. */
export function concat(parts: Uint8Array[]): Uint8Array {
  const result = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    result.set(part, offset)
    offset += part.length
  }
  return result
}
