// Which revisions of a PDF its signatures account for. Each incremental update ends with %%EOF, and the end of
// the file counts as a revision end too; a signature accounts for a revision when only line ends and spaces
// lie between the end of its byte range and the end of that revision. Both ends are compared through the
// first byte at or after them that is no line end or space, so every offset is looked at once however many
// signatures and revisions there are.

const eof = '%%EOF'

function isSpace(byte: number | undefined): boolean {
  return byte === 0x0a || byte === 0x0d || byte === 0x20 || byte === 0x09
}

/** The end of every revision: just after each %%EOF, and the end of the file; ascending. */
function revisionEnds(bytes: Uint8Array): number[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const ends: number[] = []
  for (let at = buffer.indexOf(eof); at >= 0; at = buffer.indexOf(eof, at + eof.length)) {
    ends.push(at + eof.length)
  }
  ends.push(bytes.length)
  return ends
}

// Maps each offset to the first offset at or after it whose byte is no line end or space (or the file's
// length): two offsets map to the same one exactly when only such bytes lie between them. The offsets are
// visited in ascending order and an offset inside the run of spaces the previous scan crossed takes that
// scan's answer, so the scans never overlap.
function nextNonSpace(bytes: Uint8Array, offsets: readonly number[]): Map<number, number> {
  const result = new Map<number, number>()
  let reached = -1
  for (const offset of [...new Set(offsets)].sort((a, b) => a - b)) {
    if (offset >= reached) {
      reached = offset
      while (reached < bytes.length && isSpace(bytes[reached])) reached++
    }
    result.set(offset, reached)
  }
  return result
}

/**
 * The end of the last revision of `bytes` that no signature accounts for, given where each signature's byte
 * range ends; -1 when every revision is accounted for. A signature whose range ends before it was followed by
 * a change that no later signature explains. Linear in the size of the file, n log n in the number of
 * signatures and revisions.
 */
export function lastUnexplainedRevisionEnd(bytes: Uint8Array, signatureEnds: readonly number[]): number {
  const ends = revisionEnds(bytes)
  const next = nextNonSpace(bytes, [...ends, ...signatureEnds])
  const explained = new Set(signatureEnds.map((end) => next.get(end)))
  let last = -1
  for (const end of ends) if (!explained.has(next.get(end))) last = end
  return last
}
