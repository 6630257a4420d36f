import { ApiError } from '../http/api-error.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { pageImageKey } from '../storage/storage-keys.ts'
import { DocumentError } from './document-error.ts'
import { findDocument } from './find-document.ts'
import { maxScale, minScale } from './render-pages.ts'

/** A page image that is there, or one still being rendered (the client asks again, SPEC §8). */
export type PageImage = { ready: true; bytes: Uint8Array; etag: string } | { ready: false }

/**
 * GET /v3/documents/{id}/pages/{n}?scale=: the WebP of page `page` (from 0) at `scale` when rendered; else
 * starts rendering it ahead of the background work and answers not ready. Past the last page: 404
 * `document.page_not_found`; a scale out of range: 400.
 */
export async function getPageImage(
  services: RequestServices,
  caller: Caller,
  id: string,
  page: number,
  scale: number,
): Promise<PageImage> {
  const document = await findDocument(services.db, caller, id)
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
  const status = await renderer.status(document.sha256, page, scale)
  if (status === 'ready') {
    const bytes = await services.storage.getBytes(pageImageKey(document.sha256, page, scale))
    // Content-addressed: the same hash, page and scale is always the same image.
    if (bytes !== undefined)
      return { ready: true, bytes, etag: `"${document.sha256.slice(0, 32)}-${page}-${scale}"` }
  }
  renderer.renderPage(document.sha256, page, scale).catch((error: unknown) => {
    if (!(error instanceof DocumentError))
      services.logger.warn({ err: error, id, page }, 'page render failed')
  })
  return { ready: false }
}
