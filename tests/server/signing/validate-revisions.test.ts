import { describe, expect, it } from 'vitest'
import { unexplainedRevisions } from '../../../server/signing/validate-revisions.ts'

const last = (text: string, signatureEnds: number[]) =>
  unexplainedRevisions(new TextEncoder().encode(text), signatureEnds).at(-1)?.end ?? -1

describe('unexplainedRevisions', () => {
  it('counts a revision as signed when only line ends and spaces follow the signed range', () => {
    expect(last('A%%EOF\n', [7])).toBe(-1)
    expect(last('A%%EOF \r\n\t', [6])).toBe(-1)
    expect(last('A%%EOF\nB%%EOF\n', [7, 14])).toBe(-1)
  })

  it('finds the last update that no signature accounts for', () => {
    expect(last('A%%EOF\nB%%EOF\n', [7])).toBe(14)
    expect(last('A%%EOF\nB%%EOF\nC%%EOF\n', [7, 21])).toBe(13)
    expect(last('A%%EOF\nB%%EOF\n', [])).toBe(14)
  })

  it('counts bytes after the last %%EOF as a revision too', () => {
    expect(last('A%%EOF\nappended', [7])).toBe(15)
    expect(last('no marker at all', [0])).toBe(16)
  })
})
