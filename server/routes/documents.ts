import { Hono } from 'hono'
import { documentSchema } from '../../contract/documents.ts'
import { file, noContent, ok, unknownDocument } from '../../contract/openapi/operation.ts'
import { unnamedSchemas } from '../../contract/openapi/unnamed-schemas.ts'
import { deleteDocument } from '../documents/delete-document.ts'
import { pageParams, sendPageImage, wantsSignedVersion } from '../documents/document-responses.ts'
import { findDocument } from '../documents/find-document.ts'
import { getPageImage } from '../documents/get-page-image.ts'
import { getPageText } from '../documents/get-page-text.ts'
import { toDocumentInfo } from '../documents/to-document-info.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
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
    .get(
      '/v3/documents/:id',
      requireAuth,
      describeRoute({
        summary: 'Read a document’s metadata',
        tag: 'Documents',
        auth: 'account',
        answers: [ok(documentSchema)],
        errors: unknownDocument,
      }),
      async (c) => {
        const caller = callerOf(c)
        return sendJson(c, toDocumentInfo(await findDocument(services.db, caller, c.req.param('id'))))
      },
    )
    .get(
      '/v3/documents/:id/download',
      requireAuth,
      describeRoute({
        summary: 'Download a document as uploaded, or its latest signed version',
        tag: 'Documents',
        auth: 'account',
        query: unnamedSchemas.downloadQuery,
        answers: [file('application/pdf', 'The PDF.')],
        errors: { 404: ['document.not_found', 'document.not_signed'] },
      }),
      async (c) => {
        const signed = wantsSignedVersion(c)
        const caller = callerOf(c)
        const document = await findDocument(services.db, caller, c.req.param('id'))
        const version = signed ? await findSignedVersion(services.db, caller, document.id) : document
        return sendStoredFile(c, services.storage, documentKey(version.sha256), {
          contentType: 'application/pdf',
          size: version.size,
          filename: `${safeFileName(document.title, 'document')}.pdf`,
        })
      },
    )
    .get(
      '/v3/documents/:id/pages/:page',
      requireAuth,
      describeRoute({
        summary: 'One page as an image',
        tag: 'Documents',
        auth: 'account',
        query: unnamedSchemas.pageQuery,
        answers: [
          file('image/webp', 'The page as a WebP image; cached for good (ETag).'),
          { status: 202, description: 'The page is still being rendered: ask again after Retry-After.' },
          { status: 304, description: 'Not modified since the ETag in If-None-Match.' },
        ],
        errors: { 404: ['document.not_found', 'document.page_not_found'], 422: ['document.too_complex'] },
      }),
      async (c) => {
        const { page, scale, version } = pageParams(c)
        const caller = callerOf(c)
        return sendPageImage(c, await getPageImage(services, caller, c.req.param('id'), page, scale, version))
      },
    )
    .get(
      '/v3/documents/:id/pages/:page/text',
      requireAuth,
      describeRoute({
        summary: 'One page’s text in reading order',
        tag: 'Documents',
        auth: 'account',
        answers: [ok(unnamedSchemas.pageText)],
        errors: { 404: ['document.not_found', 'document.page_not_found'], 422: ['document.too_complex'] },
      }),
      async (c) => {
        const { page } = pageParams(c)
        return sendJson(c, { text: await getPageText(services, callerOf(c), c.req.param('id'), page) })
      },
    )
    .delete(
      '/v3/documents/:id',
      requireAuth,
      describeRoute({
        summary: 'Delete a document that no open or signed request holds',
        tag: 'Documents',
        auth: 'account',
        answers: [noContent],
        errors: { ...unknownDocument, 409: ['document.in_use'] },
      }),
      async (c) => {
        await deleteDocument(services, callerOf(c), c.req.param('id'))
        return c.body(null, 204)
      },
    )
}
