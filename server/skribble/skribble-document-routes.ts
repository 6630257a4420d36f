import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import type { DocumentInfo } from '../../contract/documents.ts'
import { reachesInternalAddress } from '../api-users/request-callbacks.ts'
import { deleteDocument } from '../documents/delete-document.ts'
import { findDocument } from '../documents/find-document.ts'
import { getPageImage } from '../documents/get-page-image.ts'
import { listDocuments } from '../documents/list-documents.ts'
import { maxScale, minScale } from '../documents/render-pages.ts'
import { toDocumentInfo } from '../documents/to-document-info.ts'
import { uploadDocument } from '../documents/upload-document.ts'
import { ApiError } from '../http/api-error.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { sendJson } from '../http/send-json.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import { findSignedVersion } from '../signature-requests/find-signed-version.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import { documentKey } from '../storage/storage-keys.ts'
import { readSkribbleBody } from './skribble-body.ts'

/** How many times a preview waits for its page to be rendered (each up to `getPageImage`'s wait). */
const previewAttempts = 10
/** How long the server waits for a `file_url` to be fetched, whole. */
const fileUrlTimeoutMs = 20_000

const uploadSchema = v.object({
  title: v.pipe(v.string(), v.maxLength(200)),
  content: v.optional(v.pipe(v.string(), v.minLength(1), v.base64('must be base64'))),
  content_type: v.optional(v.pipe(v.string(), v.maxLength(100))),
  file_url: v.optional(
    v.pipe(v.string(), v.maxLength(2000), v.url(), v.regex(/^https?:\/\//i, 'must be an http or https URL')),
  ),
})

/**
 * The PDF at a client's `file_url`: like a callback's URL it may not reach an internal address in production,
 * its redirects are not followed, and it is bounded in bytes (the document limit) and time; else 400 naming
 * `file_url`.
 */
async function fetchFileUrl(url: string, production: boolean, maxBytes: number): Promise<Uint8Array> {
  const refused = (why: string) =>
    new ApiError(400, 'request.invalid', `file_url: ${why}`, { field: 'file_url' })
  const target = new URL(url)
  if (production && (await reachesInternalAddress(target).catch(() => true))) throw refused('not reachable')
  let response: Response
  try {
    response = await fetch(target, { redirect: 'manual', signal: AbortSignal.timeout(fileUrlTimeoutMs) })
  } catch {
    throw refused('could not be fetched')
  }
  if (!response.ok || response.body === null) {
    await response.body?.cancel()
    throw refused(`answered ${response.status}`)
  }
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for await (const chunk of response.body) {
      size += chunk.byteLength
      if (size > maxBytes) {
        await response.body.cancel().catch(() => {})
        throw new ApiError(413, 'document.too_large', `file_url: the file is larger than ${maxBytes} bytes`, {
          field: 'file_url',
        })
      }
      chunks.push(chunk)
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw refused('could not be read in time')
  }
  return Buffer.concat(chunks)
}

/**
 * Stores the PDF a Skribble body carries as `content` (base64) or `file_url` (exactly one of them) through
 * `uploadDocument`, as its multipart upload, so it passes the same limits and checks as every upload.
 */
export async function uploadSkribbleDocument(
  c: Context<AuthEnv>,
  services: RequestServices & ApiKeyMode,
  body: { title: string; content?: string | undefined; file_url?: string | undefined },
): Promise<DocumentInfo> {
  if ((body.content === undefined) === (body.file_url === undefined)) {
    throw new ApiError(400, 'request.invalid', 'content: send content or file_url, not both', {
      field: 'content',
    })
  }
  const bytes =
    body.content === undefined
      ? await fetchFileUrl(body.file_url ?? '', services.production, services.limits.documentBytes)
      : Buffer.from(body.content, 'base64')
  const form = new FormData()
  form.set('title', body.title)
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'document.pdf')
  const upload = new Request(c.req.url, { method: 'POST', body: form })
  return uploadDocument(services, callerOf(c), upload)
}

/** Skribble's DocumentResponse of Signet's document. */
function skribbleDocument(document: DocumentInfo, owner: string) {
  const first = document.pageSizes[0]
  return {
    id: document.id,
    title: document.title,
    content_type: document.contentType,
    size: document.size,
    page_count: document.pageCount,
    ...(first === undefined
      ? {}
      : { page_width: Math.round(first.width), page_height: Math.round(first.height) }),
    owner,
    read_access: [owner],
    write_access: [owner],
    created_at: document.createdAt,
    updated_at: document.createdAt,
  }
}

/**
 * Standalone documents of sign v2 and v3 (`/documents`), translated like the rest of the layer
 * (skribble-routes.ts):
 *
 * - `POST /documents`: `uploadDocument` of server/documents, `content` (base64) or the PDF at `file_url` given
 *   to it as its multipart upload, so it passes the same limits and checks as every upload.
 * - `GET /documents`: `listDocuments` (what `findDocument` lets the caller see).
 * - `GET /documents/{id}`, `DELETE /documents/{id}`: `findDocument`, `deleteDocument`.
 * - `GET /documents/{id}/pages/{page}` (`scale` a header, 100 the real size): `getPageImage`, as WebP, waited
 *   for while it is rendered (Skribble has no "ask again"); 503 if it is not ready after a while.
 * - `GET /documents/{id}/content`: the stored PDF of `findDocument` (its latest signed version by
 *   `findSignedVersion` once there is one), base64 in JSON.
 */
export function createSkribbleDocumentRoutes(
  base: string,
  services: RequestServices & ApiKeyMode,
): Hono<AuthEnv> {
  const requireAuth = authenticate(services)
  const ownerOf = (c: Context<AuthEnv>) => c.get('auth').apiUser?.username ?? c.get('auth').email
  return new Hono<AuthEnv>()
    .post(`${base}/documents`, requireAuth, async (c) => {
      const body = await readSkribbleBody(c, uploadSchema, { documentBytes: services.limits.documentBytes })
      if ((body.content === undefined) === (body.file_url === undefined)) {
        throw new ApiError(400, 'request.invalid', 'content: send content or file_url, not both', {
          field: 'content',
        })
      }
      const bytes =
        body.content === undefined
          ? await fetchFileUrl(body.file_url ?? '', services.production, services.limits.documentBytes)
          : Buffer.from(body.content, 'base64')
      const form = new FormData()
      form.set('title', body.title)
      form.set(
        'file',
        new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
        'document.pdf',
      )
      const upload = new Request(c.req.url, { method: 'POST', body: form })
      return sendJson(c, skribbleDocument(await uploadDocument(services, callerOf(c), upload), ownerOf(c)))
    })
    .get(`${base}/documents`, requireAuth, async (c) => {
      const found = await listDocuments(services.db, callerOf(c))
      return sendJson(
        c,
        found.map((document) => skribbleDocument(toDocumentInfo(document), ownerOf(c))),
      )
    })
    .get(`${base}/documents/:id/pages/:page`, requireAuth, async (c) => {
      const page = c.req.param('page')
      const scale = c.req.header('scale') ?? '100'
      if (!/^\d{1,6}$/.test(page)) {
        throw new ApiError(404, 'document.page_not_found', 'Pages are numbered from 0')
      }
      if (!/^\d{1,3}(\.\d+)?$/.test(scale)) {
        throw new ApiError(400, 'request.invalid', 'scale: must be a number', { field: 'scale' })
      }
      // Skribble answers the image, not "ask again": wait for its rendering, a bounded number of times.
      for (let attempt = 0; attempt < previewAttempts; attempt++) {
        const image = await getPageImage(
          services,
          callerOf(c),
          c.req.param('id'),
          Number(page),
          Math.min(maxScale, Math.max(minScale, Math.round(Number(scale)))),
        )
        if (image.ready) {
          return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/webp' })
        }
      }
      throw new ApiError(503, 'server.unavailable', 'The page is still being rendered: ask again')
    })
    .get(`${base}/documents/:id`, requireAuth, async (c) => {
      const document = await findDocument(services.db, callerOf(c), c.req.param('id'))
      return sendJson(c, skribbleDocument(toDocumentInfo(document), ownerOf(c)))
    })
    .delete(`${base}/documents/:id`, requireAuth, async (c) => {
      await deleteDocument(services, callerOf(c), c.req.param('id'))
      return c.body(null, 200)
    })
    .get(`${base}/documents/:id/content`, requireAuth, async (c) => {
      const caller = callerOf(c)
      const document = await findDocument(services.db, caller, c.req.param('id'))
      // The document as it stands: its latest signed (or sealed) version once there is one.
      const version = await findSignedVersion(services.db, caller, document.id).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'document.not_signed') return document
        throw error
      })
      const bytes = await services.storage.getBytes(documentKey(version.sha256))
      if (bytes === undefined) throw new Error(`stored file of document ${document.id} is missing`)
      return sendJson(c, {
        content_type: 'application/pdf',
        content_size: bytes.byteLength,
        content: Buffer.from(bytes).toString('base64'),
      })
    })
}
