import { constants, inflateSync } from 'node:zlib'
import { decodeAscii85, decodeAsciiHex, decodeLzw, decodeRunLength, OverBudget } from './decode-filters.ts'

/** How many bytes the streams of one PDF may decode to before it is refused. */
export type StreamLimits = {
  /** Decoded bytes of any one stream. */
  streamBytes: number
  /** Decoded bytes of all its streams together. */
  documentBytes: number
}

/** The limits the product reads uploads with: far above real content streams, fonts and object streams. */
export const streamLimits: StreamLimits = {
  streamBytes: 128 * 1024 * 1024,
  documentBytes: 1024 * 1024 * 1024,
}

/** What a scan found: the streams' decoded bytes, or the first limit they passed. */
export type StreamScan =
  | { ok: true; streams: number; decodedBytes: number }
  | { ok: false; reason: 'stream' | 'document'; decodedBytes: number }

const decoders: Record<string, (data: Uint8Array, budget: number) => Uint8Array> = {
  LZWDecode: decodeLzw,
  ASCII85Decode: decodeAscii85,
  ASCIIHexDecode: decodeAsciiHex,
  RunLengthDecode: decodeRunLength,
}
const abbreviations: Record<string, string> = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  A85: 'ASCII85Decode',
  AHx: 'ASCIIHexDecode',
  RL: 'RunLengthDecode',
}

const isSpace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00
// How far back from `stream` its dictionary may begin: stream dictionaries are a few hundred bytes.
const dictionaryWindow = 64 * 1024

/** Where the dictionary that ends just before `end` (its `>>`) begins, or -1. */
function dictionaryStart(bytes: Uint8Array, end: number): number {
  let depth = 0
  for (let i = end; i > 0 && end - i < dictionaryWindow; i--) {
    if (bytes[i] === 0x3e && bytes[i - 1] === 0x3e) {
      depth++
      i--
    } else if (bytes[i] === 0x3c && bytes[i - 1] === 0x3c) {
      depth--
      i--
      if (depth === 0) return i
    }
  }
  return -1
}

/**
 * Decodes every stream of a PDF as pdf.js would, without keeping the output, and stops at the first that
 * decodes to more than the limits allow: a compression bomb (a page whose content is a gigabyte of spaces in
 * a megabyte) is refused here before pdf.js holds it in memory. It reads the file as bytes, stream by stream
 * (`<< … >> stream`), so it needs no parsed document; the decoders of image data (DCT, JPX, JBIG2, CCITT)
 * are not run, since pdf.js decodes images only to their stated size, which it bounds itself.
 */
export function scanPdfStreams(bytes: Uint8Array, limits: StreamLimits = streamLimits): StreamScan {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let text: string | undefined
  const wholeText = () => {
    text ??= buffer.toString('latin1')
    return text
  }
  let decodedBytes = 0
  let streams = 0
  for (let at = buffer.indexOf('stream'); at >= 0; at = buffer.indexOf('stream', at + 6)) {
    if (buffer.toString('latin1', at - 3, at) === 'end') continue
    let dictEnd = at - 1
    while (dictEnd > 0 && isSpace(bytes[dictEnd])) dictEnd--
    if (bytes[dictEnd] !== 0x3e || bytes[dictEnd - 1] !== 0x3e) continue
    const start = dictionaryStart(bytes, dictEnd)
    if (start < 0) continue
    const dictionary = buffer.toString('latin1', start, dictEnd + 1)
    let dataStart = at + 6
    if (bytes[dataStart] === 0x0d) dataStart++
    if (bytes[dataStart] === 0x0a) dataStart++
    const dataEnd = streamEnd(buffer, wholeText, dictionary, dataStart)
    streams++
    const budget = Math.min(limits.streamBytes, limits.documentBytes - decodedBytes)
    const decoded = decodedLength(bytes.subarray(dataStart, dataEnd), filtersOf(dictionary), budget)
    if (decoded === undefined) {
      return {
        ok: false,
        reason: limits.documentBytes - decodedBytes <= limits.streamBytes ? 'document' : 'stream',
        decodedBytes: decodedBytes + budget,
      }
    }
    decodedBytes += decoded
    at = Math.max(at, dataEnd - 6)
  }
  return { ok: true, streams, decodedBytes }
}

/** Where a stream's data ends: at its direct or indirect /Length when that lies in the file, else at `endstream`. */
function streamEnd(buffer: Buffer, text: () => string, dictionary: string, dataStart: number): number {
  const length = /\/Length\s+(\d+)(?:\s+(\d+)\s+R)?/.exec(dictionary)
  let value: number | undefined
  if (length?.[2] !== undefined) {
    const target = new RegExp(`(?:^|[^0-9])${length[1]}\\s+${length[2]}\\s+obj\\s*(\\d+)`).exec(text())
    value = target?.[1] === undefined ? undefined : Number(target[1])
  } else if (length?.[1] !== undefined) value = Number(length[1])
  if (value !== undefined && dataStart + value <= buffer.length) return dataStart + value
  const end = buffer.indexOf('endstream', dataStart)
  return end < 0 ? buffer.length : end
}

/** The stream's filters, full names, in the order they decode. */
function filtersOf(dictionary: string): string[] {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(dictionary)?.[1]
  if (filter === undefined) return []
  return [...filter.matchAll(/\/([^\s/[\]<>()]+)/g)].map((match) => {
    const name = match[1] ?? ''
    return abbreviations[name] ?? name
  })
}

/**
 * How many bytes `data` decodes to through `filters`, or undefined once it would pass `budget`. Data that
 * stops decoding (damaged, cut short) counts for what decoded before, as pdf.js also stops there.
 */
function decodedLength(data: Uint8Array, filters: readonly string[], budget: number): number | undefined {
  let current: Uint8Array = data
  for (const filter of filters) {
    if (filter === 'FlateDecode') {
      try {
        current = inflateSync(current, { maxOutputLength: budget + 1, finishFlush: constants.Z_SYNC_FLUSH })
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return undefined
        return current.length
      }
    } else {
      const decode = decoders[filter]
      // Image and encryption filters end the chain: what they hold is not decoded as a whole.
      if (decode === undefined) return current.length
      try {
        current = decode(current, budget)
      } catch (error) {
        if (error instanceof OverBudget) return undefined
        throw error
      }
    }
    if (current.length > budget) return undefined
  }
  return current.length
}
