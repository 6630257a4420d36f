import * as v from 'valibot'

/** A visible signature's size unless the sender or signer sizes it otherwise (SPEC §9: 300 by 140). */
export const signatureFieldSize = { width: 300, height: 140 } as const

/** The smallest a field may be made, keeping the 300 x 140 proportions. */
export const minSignatureFieldWidth = 90

const points = v.pipe(v.number(), v.minValue(0), v.maxValue(14_400))

/** A box on one page in PDF points, from the page's bottom-left corner as displayed; `page` from 0. */
export const pageBoxSchema = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(0)),
  x: points,
  y: points,
  width: v.pipe(points, v.minValue(20)),
  height: v.pipe(points, v.minValue(10)),
})

/** A box on one page. */
export type PageBox = v.InferOutput<typeof pageBoxSchema>

/** Where one signer's visible signature goes on one document of the request. */
export const signatureFieldSchema = v.object({
  documentId: v.pipe(v.string(), v.uuid()),
  ...pageBoxSchema.entries,
})

/** A signer's field on one document. */
export type SignatureField = v.InferOutput<typeof signatureFieldSchema>

/** What a document offers for suggested fields: its pages and the empty areas found in it. */
export type FieldDocument = {
  id: string
  pageCount: number
  pageSizes: { width: number; height: number }[]
  /** Empty 300 x 140 areas, the preferred first (below the last text of the last page). */
  freeAreas: PageBox[]
}

/** Whether two boxes on the same page overlap. */
export function boxesOverlap(a: PageBox, b: PageBox): boolean {
  return (
    a.page === b.page &&
    a.x < b.x + b.width &&
    b.x < a.x + a.width &&
    a.y < b.y + b.height &&
    b.y < a.y + a.height
  )
}

const margin = 36

/**
 * Where a signer's field goes when nobody placed it: the first empty area of the document (found when it
 * was uploaded) that no other field takes; with none left, stacked from the bottom-left of the last page,
 * clear of the other fields where the page has room.
 */
export function suggestSignatureField(document: FieldDocument, taken: readonly PageBox[]): SignatureField {
  const free = document.freeAreas.find((area) => !taken.some((box) => boxesOverlap(area, box)))
  if (free !== undefined) return { documentId: document.id, ...free }
  return stackOnPage(document, document.pageCount - 1, taken)
}

/**
 * Where a signature goes on `page` when the signer names only the page: the first empty area of that page that
 * no other field or signature takes, else stacked from the page's bottom-left corner clear of them.
 */
export function suggestOnPage(
  document: FieldDocument,
  page: number,
  taken: readonly PageBox[],
): SignatureField {
  const free = document.freeAreas.find(
    (area) => area.page === page && !taken.some((box) => boxesOverlap(area, box)),
  )
  if (free !== undefined) return { documentId: document.id, ...free }
  return stackOnPage(document, page, taken)
}

/** A signature's box stacked from the bottom-left of `page` (then its right), clear of `taken` where it has room. */
function stackOnPage(document: FieldDocument, page: number, taken: readonly PageBox[]): SignatureField {
  const size = document.pageSizes[page] ?? { width: 595, height: 842 }
  const width = Math.min(signatureFieldSize.width, size.width - 2 * margin)
  const height = (width * signatureFieldSize.height) / signatureFieldSize.width
  const step = height + 10
  const rows = Math.max(Math.floor((size.height - 2 * margin) / step), 1)
  for (let index = 0; index < rows * 2; index++) {
    const box = {
      page,
      x: index < rows ? margin : Math.max(size.width - margin - width, margin),
      y: margin + (index % rows) * step,
      width,
      height,
    }
    if (!taken.some((other) => boxesOverlap(box, other))) return { documentId: document.id, ...box }
  }
  return { documentId: document.id, page, x: margin, y: margin, width, height }
}

/**
 * Where a signature goes on one document as a call may give it: a field (SignatureField), or a sign call's
 * placement whose page defaults to the last and whose place and size may be left out.
 */
export type Placement = {
  documentId: string
  page?: number | undefined
  x?: number | undefined
  y?: number | undefined
  width?: number | undefined
  height?: number | undefined
}

/**
 * The box a placement takes on `page`, when it names a place: its width as given (else the SPEC's), its
 * height as given (else in the SPEC's proportions to the width). Without x and y, undefined.
 */
export function placedBox(placement: Omit<Placement, 'documentId'>, page: number): PageBox | undefined {
  if (placement.x === undefined || placement.y === undefined) return undefined
  const width = placement.width ?? signatureFieldSize.width
  const height = placement.height ?? (width * signatureFieldSize.height) / signatureFieldSize.width
  return { page, x: placement.x, y: placement.y, width, height }
}

/**
 * Whether a placement lies on its page: what is wrong, under which key of the field (`page`, or none for the
 * box as a whole), for a 400; else undefined. `pageSizes` are the document's pages as displayed.
 */
export function fieldProblem(
  placement: Omit<Placement, 'documentId'>,
  document: Pick<FieldDocument, 'pageCount' | 'pageSizes'>,
): { key: 'page' | undefined; message: string } | undefined {
  const page = placement.page ?? document.pageCount - 1
  if (page >= document.pageCount)
    return { key: 'page', message: `the document has ${document.pageCount} pages` }
  const box = placedBox(placement, page)
  const size = document.pageSizes[page]
  if (box === undefined || size === undefined) return undefined
  if (box.x + box.width > size.width + 0.5 || box.y + box.height > size.height + 0.5) {
    const message = `the box must lie on the page (${Math.round(size.width)} x ${Math.round(size.height)} points)`
    return { key: undefined, message }
  }
  return undefined
}
