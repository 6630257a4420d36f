import { boxesOverlap, type PageBox } from '../../contract/signature-fields.ts'

type Size = { width: number; height: number }

/**
 * Where a field of `wanted`'s size goes when it is dropped at `wanted` (SPEC §9, fields do not overlap):
 * there, when no other field of its page takes any of it; else the nearest place on the page that none
 * takes; undefined when the page has no room left. The nearest place is at `wanted` along one side and
 * against another field's edge (or the page's) along the other, or in a corner of edges, so those are tried.
 */
export function freePlace<B extends PageBox>(
  wanted: B,
  others: readonly PageBox[],
  page: Size,
): B | undefined {
  const onPage = others.filter((other) => other.page === wanted.page)
  if (!onPage.some((other) => boxesOverlap(wanted, other))) return wanted
  const { width, height } = wanted
  const xs = [wanted.x, 0, page.width - width, ...onPage.flatMap((o) => [o.x - width, o.x + o.width])]
  const ys = [wanted.y, 0, page.height - height, ...onPage.flatMap((o) => [o.y - height, o.y + o.height])]
  let best: B | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  for (const x of xs) {
    if (x < 0 || x > page.width - width) continue
    for (const y of ys) {
      if (y < 0 || y > page.height - height) continue
      const distance = (x - wanted.x) ** 2 + (y - wanted.y) ** 2
      if (distance >= bestDistance) continue
      const box = { ...wanted, x, y }
      if (onPage.some((other) => boxesOverlap(box, other))) continue
      best = box
      bestDistance = distance
    }
  }
  return best
}

/**
 * A field moved (or resized) from `from` towards `to` by a key: `to` when no other field of the page takes
 * any of it; else a move stops against the field in its way, and a resize does not happen.
 */
export function moveUntilBlocked<B extends PageBox>(from: B, to: B, others: readonly PageBox[]): B {
  const blocking = others.filter((other) => boxesOverlap(to, other))
  if (blocking.length === 0) return to
  if (to.width !== from.width || to.height !== from.height) return from
  let { x, y } = to
  for (const other of blocking) {
    if (to.x > from.x) x = Math.min(x, other.x - to.width)
    if (to.x < from.x) x = Math.max(x, other.x + other.width)
    if (to.y > from.y) y = Math.min(y, other.y - to.height)
    if (to.y < from.y) y = Math.max(y, other.y + other.height)
  }
  const stopped = {
    ...to,
    x: Math.min(Math.max(x, Math.min(from.x, to.x)), Math.max(from.x, to.x)),
    y: Math.min(Math.max(y, Math.min(from.y, to.y)), Math.max(from.y, to.y)),
  }
  return others.some((other) => boxesOverlap(stopped, other)) ? from : stopped
}
