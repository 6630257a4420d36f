import { Hono } from 'hono'
import { deleteDocument } from '../documents/delete-document.ts'
import { pageParams, sendPageImage, wantsSignedVersion } from '../documents/document-responses.ts'
import { findDocument } from '../documents/find-document.ts'
import { getPageImage } from '../documents/get-page-image.ts'
import { getPageText } from '../documents/get-page-text.ts'
import { toDocumentInfo } from '../documents/to-document-info.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { sendJson } from '../http/send-json.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import { findSignedVersion } from '../signature-requests/find-signed-version.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import { safeFileName } from '../signature-requests/safe-file-name.ts'
import { sendStoredFile } from '../signature-requests/send-stored-file.ts'
import { documentKey } from '../storage/storage-keys.ts'

/**
 * SPEC §7 Documents: metadata, download (as uploaded, or `?signed=true` its latest signed version), page
 * images and deletion, for those who may see a document.
 */
export function createDocumentRoutes(services: RequestServices & ApiKeyMode): Hono<AuthEnv> {
  const requireAuth = authenticate(services)
  return new Hono<AuthEnv>()
    .get('/v3/documents/:id', requireAuth, async (c) => {
      const caller = callerOf(c)
      return sendJson(c, toDocumentInfo(await findDocument(services.db, caller, c.req.param('id'))))
    })
    .get('/v3/documents/:id/download', requireAuth, async (c) => {
      const signed = wantsSignedVersion(c)
      const caller = callerOf(c)
      const document = await findDocument(services.db, caller, c.req.param('id'))
      const version = signed ? await findSignedVersion(services.db, caller, document.id) : document
      return sendStoredFile(c, services.storage, documentKey(version.sha256), {
        contentType: 'application/pdf',
        size: version.size,
        filename: `${safeFileName(document.title, 'document')}.pdf`,
      })
    })
    .get('/v3/documents/:id/pages/:page', requireAuth, async (c) => {
      const { page, scale, version } = pageParams(c)
      const caller = callerOf(c)
      return sendPageImage(c, await getPageImage(services, caller, c.req.param('id'), page, scale, version))
    })
    .get('/v3/documents/:id/pages/:page/text', requireAuth, async (c) => {
      const { page } = pageParams(c)
      return sendJson(c, { text: await getPageText(services, callerOf(c), c.req.param('id'), page) })
    })
    .delete('/v3/documents/:id', requireAuth, async (c) => {
      await deleteDocument(services, callerOf(c), c.req.param('id'))
      return c.body(null, 204)
    })
}
