import { Hono } from 'hono'
import { stream } from 'hono/streaming'
import { defaultPageScale } from '../../contract/documents.ts'
import { deleteDocument } from '../documents/delete-document.ts'
import { findDocument } from '../documents/find-document.ts'
import { getPageImage } from '../documents/get-page-image.ts'
import { toDocumentInfo } from '../documents/to-document-info.ts'
import { ApiError } from '../http/api-error.ts'
import { type AuthEnv, authenticate } from '../http/authenticate.ts'
import { sendJson } from '../http/send-json.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import { documentKey } from '../storage/storage-keys.ts'

const wholeNumber = /^\d{1,6}$/

/** SPEC §7 Documents: metadata, download, page images and deletion, for those who may see a document. */
export function createDocumentRoutes(services: RequestServices): Hono<AuthEnv> {
  const requireAuth = authenticate(services.db, services.now)
  return new Hono<AuthEnv>()
    .get('/v3/documents/:id', requireAuth, async (c) => {
      const caller = await callerOf(c, services.db)
      return sendJson(c, toDocumentInfo(await findDocument(services.db, caller, c.req.param('id'))))
    })
    .get('/v3/documents/:id/download', requireAuth, async (c) => {
      const caller = await callerOf(c, services.db)
      const document = await findDocument(services.db, caller, c.req.param('id'))
      const file = await services.storage.get(documentKey(document.sha256))
      if (file === undefined) throw new Error(`stored file of document ${document.id} is missing`)
      c.header('Content-Type', 'application/pdf')
      c.header('Content-Length', String(document.size))
      c.header(
        'Content-Disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(`${document.title}.pdf`)}`,
      )
      return stream(c, async (out) => {
        out.onAbort(() => {
          file.destroy()
        })
        for await (const chunk of file) await out.write(chunk as Uint8Array)
      })
    })
    .get('/v3/documents/:id/pages/:page', requireAuth, async (c) => {
      const caller = await callerOf(c, services.db)
      const pageParam = c.req.param('page')
      const scaleParam = c.req.query('scale') ?? String(defaultPageScale)
      if (!wholeNumber.test(pageParam)) {
        throw new ApiError(404, 'document.page_not_found', 'Pages are numbered from 0')
      }
      if (!wholeNumber.test(scaleParam)) {
        throw new ApiError(400, 'request.invalid', 'scale: must be a whole number', { field: 'scale' })
      }
      const image = await getPageImage(
        services,
        caller,
        c.req.param('id'),
        Number(pageParam),
        Number(scaleParam),
      )
      if (!image.ready) {
        c.header('Retry-After', '1')
        return c.body(null, 202)
      }
      c.header('ETag', image.etag)
      c.header('Cache-Control', 'private, max-age=31536000, immutable')
      if (c.req.header('if-none-match') === image.etag) return c.body(null, 304)
      c.header('Content-Type', 'image/webp')
      return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200)
    })
    .delete('/v3/documents/:id', requireAuth, async (c) => {
      await deleteDocument(services, await callerOf(c, services.db), c.req.param('id'))
      return c.body(null, 204)
    })
}
