import { ApiError } from '../http/api-error.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { findShownDocument } from './find-shown-document.ts'

/**
 * GET /v3/documents/{id}/pages/{n}/text: the text of page `page` (from 0) in reading order, lines kept,
 * for screen readers (the viewer shows pages as images). Read once by a PDF worker from the uploaded file
 * and kept beside the page images. Past the last page: 404 `document.page_not_found`.
 */
export async function getPageText(
  services: RequestServices,
  caller: Caller,
  id: string,
  page: number,
): Promise<string> {
  const document = await findShownDocument(services.db, caller, id)
  if (!Number.isInteger(page) || page < 0 || page >= document.pageCount) {
    throw new ApiError(404, 'document.page_not_found', `The document has ${document.pageCount} pages`)
  }
  if (services.renderer === undefined)
    throw new ApiError(503, 'server.unavailable', 'Page texts are not available')
  return services.renderer.pageText(document.sha256, page)
}
