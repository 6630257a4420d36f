import { boxesOverlap, type PageBox, signatureFieldSize } from '../../contract/signature-fields.ts'

/** A box a page's text takes, in points from the page's bottom-left corner. */
export type TextBox = { x: number; y: number; width: number; height: number }

const margin = 36
const gap = 6
const step = 6
/** How many free areas a document keeps: enough for the signers of most requests. */
const maxAreas = 8

/**
 * Empty areas of one page whose text takes `text`, each the SPEC's signature size times `scale`: first
 * those below the page's last line of text, from the line down, left to right; then the rest of the page
 * from the bottom up. Areas do not overlap each other, so each signer can have one.
 */
export function findFreeAreas(
  page: number,
  size: { width: number; height: number },
  text: readonly TextBox[],
  scale = 1,
): PageBox[] {
  const width = signatureFieldSize.width * scale
  const height = signatureFieldSize.height * scale
  if (size.width < width + 2 * margin || size.height < height + 2 * margin) return []
  const blocked = (box: PageBox) =>
    text.some(
      (t) =>
        box.x < t.x + t.width + gap &&
        t.x < box.x + box.width + gap &&
        box.y < t.y + t.height + gap &&
        t.y < box.y + box.height + gap,
    )
  const lowestText = Math.min(size.height - margin, ...text.map((t) => t.y))
  const areas: PageBox[] = []
  const take = (box: PageBox) => {
    if (areas.length >= maxAreas || blocked(box)) return
    if (!areas.some((area) => boxesOverlap(area, box))) areas.push(box)
  }
  const columns: number[] = []
  for (let x = margin; x + width <= size.width - margin; x += step) columns.push(x)
  // Right under the last text first, as one signs at the end of a contract.
  for (let y = Math.min(lowestText - gap, size.height - margin) - height; y >= margin; y -= step)
    for (const x of columns) take({ page, x, y, width, height })
  for (let y = margin; y + height <= size.height - margin; y += step)
    for (const x of columns) take({ page, x, y, width, height })
  return areas
}
