import { ApiError } from '../http/api-error.ts'
import { findSignedVersion } from '../signature-requests/find-signed-version.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { pageImageKey } from '../storage/storage-keys.ts'
import { DocumentError } from './document-error.ts'
import { findShownDocument } from './find-shown-document.ts'
import { maxScale, minScale } from './render-pages.ts'

/** A page image that is there, or one still being rendered (the client asks again, SPEC §8). */
export type PageImage = { ready: true; bytes: Uint8Array; etag: string } | { ready: false }

/**
 * How long a call waits for a page that is being rendered before it answers 202: most pages are ready
 * within it, so the viewer shows them at once instead of at its next retry, which may be seconds away.
 */
const pageWaitMs = 1500

/**
 * GET /v3/documents/{id}/pages/{n}?scale=&version=: the WebP of page `page` (from 0) at `scale` when
 * rendered; else starts rendering it ahead of the background work, waits for it up to {@link pageWaitMs},
 * and answers not ready if it is still under way. `version` is the SHA-256 of the file to show: the
 * uploaded one (the default) or its latest signed version, with the signatures drawn. Past the last page:
 * 404 `document.page_not_found`; a scale out of range: 400; a version that is neither: 404; a page its
 * worker cannot render within its time and memory: 422 `document.too_complex`.
 */
export async function getPageImage(
  services: RequestServices,
  caller: Caller,
  id: string,
  page: number,
  scale: number,
  version?: string,
): Promise<PageImage> {
  const found = await findShownDocument(services.db, caller, id)
  const document =
    version === undefined || version === found.sha256
      ? found
      : { ...found, sha256: (await findSignedVersion(services.db, caller, id)).sha256 }
  if (version !== undefined && document.sha256 !== version) {
    throw new ApiError(404, 'document.not_signed', 'No such version of this document')
  }
  if (!Number.isInteger(scale) || scale < minScale || scale > maxScale) {
    throw new ApiError(400, 'request.invalid', `scale: must be an integer from ${minScale} to ${maxScale}`, {
      field: 'scale',
    })
  }
  if (!Number.isInteger(page) || page < 0 || page >= document.pageCount) {
    throw new ApiError(404, 'document.page_not_found', `The document has ${document.pageCount} pages`)
  }
  const { renderer } = services
  if (renderer === undefined) throw new ApiError(503, 'server.unavailable', 'Page images are not available')
  const stored = async (): Promise<PageImage> => {
    const bytes = await services.storage.getBytes(pageImageKey(document.sha256, page, scale))
    // Content-addressed: the same hash, page and scale is always the same image.
    return bytes === undefined
      ? { ready: false }
      : { ready: true, bytes, etag: `"${document.sha256.slice(0, 32)}-${page}-${scale}"` }
  }
  // Most pages asked for are stored: read at once, without asking the renderer first (every file operation
  // waits for its turn of the event loop).
  const image = await stored()
  if (image.ready) return image
  // A page too complex to render answers so (422) rather than 'not ready', which the viewer would ask again.
  const rendered = renderer.renderPage(document.sha256, page, scale).then(
    () => true,
    (error: unknown) => {
      if (error instanceof DocumentError) return error
      services.logger.warn({ err: error, id, page }, 'page render failed')
      return false
    },
  )
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), pageWaitMs)
  })
  const ready = await Promise.race([rendered, waited])
  clearTimeout(timer)
  if (ready instanceof DocumentError) throw ready
  return ready ? stored() : { ready: false }
}
