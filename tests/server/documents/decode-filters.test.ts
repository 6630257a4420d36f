import { describe, expect, it } from 'vitest'
import {
  decodeAscii85,
  decodeAsciiHex,
  decodeLzw,
  decodeRunLength,
  OverBudget,
} from '../../../server/documents/decode-filters.ts'

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'))
const text = (data: Uint8Array) => Buffer.from(data).toString('latin1')

/** LZW as PDF writers encode it (EarlyChange 1): codes of 9 to 12 bits, a clear code when the table is full. */
function lzw(data: Uint8Array): Uint8Array {
  const out: number[] = []
  let held = 0
  let bits = 0
  let width = 9
  const put = (code: number) => {
    held = (held << width) | code
    bits += width
    while (bits >= 8) {
      out.push((held >>> (bits - 8)) & 0xff)
      bits -= 8
    }
    held &= (1 << bits) - 1
  }
  // A word is its code; the table maps (word's code, next byte) to the longer word's code.
  let table = new Map<number, number>()
  let next = 258
  put(256)
  let word = -1
  for (const byte of data) {
    const longer = word < 0 ? byte : table.get(word * 256 + byte)
    if (longer !== undefined) {
      word = longer
      continue
    }
    put(word)
    table.set(word * 256 + byte, next++)
    if (next >= 1 << width && width < 12) width++
    if (next === 4095) {
      put(256)
      table = new Map()
      next = 258
      width = 9
    }
    word = byte
  }
  if (word >= 0) put(word)
  put(257)
  if (bits > 0) out.push((held << (8 - bits)) & 0xff)
  return new Uint8Array(out)
}

describe('the bounded stream decoders', () => {
  it('decode LZW as the PDF reference shows it, and what they encode back', () => {
    const example = new Uint8Array([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01])
    expect(text(decodeLzw(example, 100))).toBe('-----A---B')
    const prose = bytes('the quick brown fox jumps over the lazy dog; '.repeat(2000))
    expect(decodeLzw(lzw(prose), 10 ** 6)).toEqual(prose)
  })

  it('decode ASCII hex, ASCII85 and run-length data', () => {
    expect(text(decodeAsciiHex(bytes('48 65 6C6c 6F7>'), 100))).toBe('Hellop')
    expect(text(decodeAscii85(bytes('87cURD]j7BEbo80~>'), 100))).toBe('Hello world!')
    expect(decodeAscii85(bytes('z!!~>'), 100)).toEqual(new Uint8Array(5))
    expect(text(decodeRunLength(new Uint8Array([2, 0x61, 0x62, 0x63, 253, 0x7a, 128, 0x61]), 100))).toBe(
      'abczzzz',
    )
  })

  it('stop a bomb at the budget', () => {
    const spaces = lzw(new Uint8Array(4 * 1024 * 1024).fill(0x20))
    expect(spaces.length).toBeLessThan(64 * 1024)
    expect(decodeLzw(spaces, 4 * 1024 * 1024).length).toBe(4 * 1024 * 1024)
    expect(() => decodeLzw(spaces, 4 * 1024 * 1024 - 1)).toThrow(OverBudget)
    const runs = new Uint8Array(2000).fill(129).map((byte, index) => (index % 2 === 0 ? byte : 0x20))
    expect(decodeRunLength(runs, 128_000).length).toBe(128_000)
    expect(() => decodeRunLength(runs, 127_999)).toThrow(OverBudget)
  })
})
