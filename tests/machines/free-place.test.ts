import { describe, expect, it } from 'vitest'
import { boxesOverlap, type PageBox } from '../../contract/signature-fields.ts'
import { freePlace, moveUntilBlocked } from '../../machines/field-placement/free-place.ts'

const page = { width: 595, height: 842 }
const box = (x: number, y: number, width = 300, height = 140): PageBox => ({ page: 0, x, y, width, height })

describe('free place of a signature field (SPEC §9: fields do not overlap)', () => {
  it('keeps a drop where it is when nothing is there', () => {
    expect(freePlace(box(40, 400), [box(40, 100)], page)).toEqual(box(40, 400))
    // A field on another page is not in the way.
    expect(freePlace(box(40, 100), [{ ...box(40, 100), page: 1 }], page)).toEqual(box(40, 100))
  })

  it('snaps a drop onto another field to the nearest free place, at its size', () => {
    const other = box(100, 300)
    // Dropped mostly above the other field: it goes just above it.
    expect(freePlace(box(110, 400), [other], page)).toEqual(box(110, 440))
    // Dropped mostly to its right, on a wide page: just right of it.
    expect(freePlace(box(380, 300), [other], { width: 900, height: 842 })).toEqual(box(400, 300))
  })

  it('finds a place clear of every field, and none on a full page', () => {
    const others = [box(0, 300), box(300, 300), box(100, 440), box(100, 160)]
    const placed = freePlace(box(120, 320), others, page)
    if (placed === undefined) throw new Error('no place')
    expect(others.some((other) => boxesOverlap(placed, other))).toBe(false)
    expect(placed.width).toBe(300)
    expect(freePlace(box(0, 0), [box(0, 0, 595, 842)], page)).toBeUndefined()
  })

  it('stops a keyboard move at the field in its way, and refuses a resize into it', () => {
    const other = box(100, 300)
    // Moving up by 6 from just under it: it stops against its lower edge.
    expect(moveUntilBlocked(box(100, 156), box(100, 162), [other])).toEqual(box(100, 160))
    // Already against it: it stays.
    expect(moveUntilBlocked(box(100, 160), box(100, 166), [other])).toEqual(box(100, 160))
    // Moving away, or past it on the side, is free.
    expect(moveUntilBlocked(box(100, 160), box(100, 154), [other])).toEqual(box(100, 154))
    expect(moveUntilBlocked(box(100, 100), box(106, 100), [other])).toEqual(box(106, 100))
    // Growing into it does not happen.
    const right = box(405, 100, 100, 50)
    expect(moveUntilBlocked(box(100, 100), box(100, 94, 306, 146), [right])).toEqual(box(100, 100))
  })
})
