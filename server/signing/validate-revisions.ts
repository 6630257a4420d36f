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
 * The revisions of `bytes` that no signature accounts for, given where each signature's byte range ends,
 * ascending, each from the end of the one before. Linear in the size of the file, n log n in the number of
 * signatures and revisions.
 */
export function unexplainedRevisions(
  bytes: Uint8Array,
  signatureEnds: readonly number[],
): { start: number; end: number }[] {
  const allEnds = revisionEnds(bytes)
  const next = nextNonSpace(bytes, [...allEnds, ...signatureEnds])
  // An end followed by line ends and spaces only (the last %%EOF, then the end of the file) is one revision.
  const ends = allEnds.filter((end, index) => next.get(end) !== next.get(allEnds[index + 1] ?? -1))
  const explained = new Set(signatureEnds.map((end) => next.get(end)))
  const unexplained: { start: number; end: number }[] = []
  let start = 0
  for (const end of ends) {
    if (!explained.has(next.get(end))) unexplained.push({ start, end })
    start = end
  }
  return unexplained
}

const objectHeader = /(\d+)\s+\d+\s+obj\b/g

/** The numbers of the objects written in `text` (a revision's bytes, or the file before it). */
export function objectNumbers(text: string): Set<number> {
  const numbers = new Set<number>()
  for (const match of text.matchAll(objectHeader)) numbers.add(Number(match[1]))
  return numbers
}
