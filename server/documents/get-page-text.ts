import { ApiError } from '../http/api-error.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { documentKey, pageTextKey } from '../storage/storage-keys.ts'
import { findDocument } from './find-document.ts'
import { openPdf } from './pdfjs.ts'

/** The most text a page answers: a page of small print holds a few thousand characters. */
const maxPageText = 100_000

/**
 * GET /v3/documents/{id}/pages/{n}/text: the text of page `page` (from 0) in reading order, lines kept,
 * for screen readers (the viewer shows pages as images). Read once with pdf.js from the uploaded file and
 * kept beside the page images. Past the last page: 404 `document.page_not_found`.
 */
export async function getPageText(
  services: RequestServices,
  caller: Caller,
  id: string,
  page: number,
): Promise<string> {
  const document = await findDocument(services.db, caller, id)
  if (!Number.isInteger(page) || page < 0 || page >= document.pageCount) {
    throw new ApiError(404, 'document.page_not_found', `The document has ${document.pageCount} pages`)
  }
  const key = pageTextKey(document.sha256, page)
  const stored = await services.storage.getBytes(key)
  if (stored !== undefined) return Buffer.from(stored).toString('utf8')
  const bytes = await services.storage.getBytes(documentKey(document.sha256))
  if (bytes === undefined) throw new Error(`stored file of document ${document.id} is missing`)
  const task = openPdf({ data: bytes })
  try {
    const pdf = await task.promise
    const content = await (await pdf.getPage(page + 1)).getTextContent()
    let text = ''
    for (const item of content.items) {
      if (!('str' in item)) continue
      text += item.str + (item.hasEOL ? '\n' : '')
    }
    text = text
      .replace(/[ \t]+\n/g, '\n')
      .trim()
      .slice(0, maxPageText)
    await services.storage.put(key, Buffer.from(text, 'utf8'))
    return text
  } finally {
    await task.destroy()
  }
}
