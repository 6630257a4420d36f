/**
 * Just enough DER to work on certificates as bytes. asn1js needs about a millisecond to parse or
 * encode one certificate; signing copies, embeds and re-signs certificates on every signature, so
 * doing that on the bytes keeps a signature within a few milliseconds.
 */

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
