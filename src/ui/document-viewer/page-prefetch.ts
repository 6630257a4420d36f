/**
 * Page images asked for before the viewer shows them: a route's loader starts the first page's image once it
 * knows the document, so the image is on its way while the screen's code and texts arrive and it renders,
 * instead of after. The viewer takes it once, for the same document, page, scale and file version; an image
 * nobody takes is dropped after `keptMs`.
 */
const keptMs = 30_000

const prefetched = new Map<string, { image: Promise<Blob>; timer: ReturnType<typeof setTimeout> }>()

const keyOf = (documentId: string, page: number, scale: number, version: string | undefined) =>
  `${documentId}/${page}/${scale}/${version ?? ''}`

/** Starts loading one page image with `load`, for the viewer to take (a second call for the same image does nothing). */
export function prefetchPage(
  load: () => Promise<Blob>,
  documentId: string,
  page: number,
  scale: number,
  version: string | undefined,
): void {
  const key = keyOf(documentId, page, scale, version)
  if (prefetched.has(key)) return
  const image = load()
  // A failure is the viewer's to see when it takes the image (it asks again); nobody else waits for it.
  image.catch(() => {})
  prefetched.set(key, { image, timer: setTimeout(() => prefetched.delete(key), keptMs) })
}

/** The image prefetched for this page, if any; it is handed out once. */
export function takePrefetchedPage(
  documentId: string,
  page: number,
  scale: number,
  version: string | undefined,
): Promise<Blob> | undefined {
  const key = keyOf(documentId, page, scale, version)
  const entry = prefetched.get(key)
  if (!entry) return undefined
  prefetched.delete(key)
  clearTimeout(entry.timer)
  return entry.image
}
