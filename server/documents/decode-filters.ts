/**
 * The PDF stream filters zlib does not speak (LZW, ASCII85, ASCII hex, run-length), decoded as pdf.js decodes
 * them and bounded: each stops with {@link OverBudget} as soon as its output would pass the budget, so a bomb
 * never takes more memory than that. Damaged data ends the output where it stops making sense.
 */

/** Thrown inside a decode once it passes the budget. */
export class OverBudget extends Error {}

/** A byte buffer that grows as it is written to, never past `budget` bytes. */
class Output {
  #bytes: Uint8Array
  #length = 0
  readonly #budget: number

  constructor(expected: number, budget: number) {
    this.#budget = budget
    this.#bytes = new Uint8Array(Math.max(16, Math.min(expected, budget)))
  }

  #room(more: number) {
    const needed = this.#length + more
    if (needed > this.#budget) throw new OverBudget()
    if (needed <= this.#bytes.length) return
    const grown = new Uint8Array(Math.min(Math.max(needed, this.#bytes.length * 2), this.#budget))
    grown.set(this.#bytes.subarray(0, this.#length))
    this.#bytes = grown
  }

  push(byte: number) {
    this.#room(1)
    this.#bytes[this.#length++] = byte
  }

  fill(byte: number, count: number) {
    this.#room(count)
    this.#bytes.fill(byte, this.#length, this.#length + count)
    this.#length += count
  }

  copy(source: Uint8Array, start: number, end: number) {
    this.#room(end - start)
    this.#bytes.set(source.subarray(start, end), this.#length)
    this.#length += end - start
  }

  get bytes(): Uint8Array {
    return this.#bytes.subarray(0, this.#length)
  }
}

const isWhite = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57
  return -1
}

/** ASCIIHexDecode: pairs of hex digits up to `>`; other characters are skipped, an odd last digit is padded. */
export function decodeAsciiHex(data: Uint8Array, budget: number): Uint8Array {
  const out = new Output(data.length / 2, budget)
  let high = -1
  for (const byte of data) {
    if (byte === 0x3e) break
    const value = hexValue(byte)
    if (value < 0) continue
    if (high < 0) high = value
    else {
      out.push(high * 16 + value)
      high = -1
    }
  }
  if (high >= 0) out.push(high * 16)
  return out.bytes
}

/** ASCII85Decode: groups of five characters `!`..`u` to four bytes, `z` for four zeros, up to `~`. */
export function decodeAscii85(data: Uint8Array, budget: number): Uint8Array {
  const out = new Output((data.length * 4) / 5, budget)
  const group: number[] = []
  const flush = (count: number) => {
    while (group.length < 5) group.push(84)
    let value = 0
    for (const digit of group) value = value * 85 + digit
    for (let k = 0; k < count; k++) out.push((value >>> (24 - 8 * k)) & 0xff)
    group.length = 0
  }
  for (const byte of data) {
    if (byte === 0x7e) break
    if (isWhite(byte)) continue
    if (byte === 0x7a && group.length === 0) {
      out.fill(0, 4)
      continue
    }
    if (byte < 0x21 || byte > 0x75) break
    group.push(byte - 0x21)
    if (group.length === 5) flush(4)
  }
  if (group.length > 1) flush(group.length - 1)
  return out.bytes
}

/** RunLengthDecode: a length byte below 128 copies that many plus one bytes, above 128 repeats the next one. */
export function decodeRunLength(data: Uint8Array, budget: number): Uint8Array {
  const out = new Output(data.length, budget)
  let at = 0
  while (at < data.length) {
    const length = data[at++] as number
    if (length === 128) break
    if (length < 128) {
      const end = Math.min(at + length + 1, data.length)
      out.copy(data, at, end)
      at = end
    } else {
      if (at >= data.length) break
      out.fill(data[at++] as number, 257 - length)
    }
  }
  return out.bytes
}

/**
 * LZWDecode: codes of 9 to 12 bits, 256 clears the table, 257 ends; with `earlyChange` 1 (the default) the
 * code width grows one code early, as most writers do.
 */
export function decodeLzw(data: Uint8Array, budget: number, earlyChange = 1): Uint8Array {
  const out = new Output(data.length * 2, budget)
  const prefix = new Int32Array(4096)
  const suffix = new Uint8Array(4096)
  const length = new Uint16Array(4096)
  for (let code = 0; code < 256; code++) {
    prefix[code] = -1
    suffix[code] = code
    length[code] = 1
  }
  const word = new Uint8Array(4096)
  let next = 258
  let width = 9
  let previous = -1
  let bits = 0
  let held = 0
  let at = 0
  const emit = (code: number) => {
    const size = length[code] as number
    for (let k = size - 1, c = code; k >= 0; k--, c = prefix[c] as number) word[k] = suffix[c] as number
    out.copy(word, 0, size)
    return word[0] as number
  }
  for (;;) {
    while (bits < width && at < data.length) {
      held = ((held << 8) | (data[at++] as number)) & 0xffffff
      bits += 8
    }
    if (bits < width) break
    const code = (held >>> (bits - width)) & ((1 << width) - 1)
    bits -= width
    if (code === 256) {
      next = 258
      width = 9
      previous = -1
      continue
    }
    if (code === 257) break
    if (previous < 0) {
      if (code > 255) break
      emit(code)
      previous = code
      continue
    }
    let first: number
    if (code < next) {
      first = emit(code)
      if (next < 4096) {
        prefix[next] = previous
        suffix[next] = first
        length[next] = (length[previous] as number) + 1
        next++
      }
    } else if (code === next && next < 4096) {
      // The code being defined: the previous word and its own first byte.
      let c = previous
      while ((prefix[c] as number) >= 0) c = prefix[c] as number
      prefix[next] = previous
      suffix[next] = suffix[c] as number
      length[next] = (length[previous] as number) + 1
      next++
      emit(code)
    } else break
    previous = code
    if (next + earlyChange >= 1 << width && width < 12) width++
  }
  return out.bytes
}
