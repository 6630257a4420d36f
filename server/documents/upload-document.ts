import type { DocumentInfo } from '../../contract/documents.ts'
import type { Database } from '../db/open-database.ts'
import { documents } from '../db/schema/documents.ts'
import { ApiError } from '../http/api-error.ts'
import type { Caller, RequestServices } from '../signature-requests/request-services.ts'
import { documentFailure } from './document-error.ts'
import { type IngestedDocument, ingestDocument } from './ingest-document.ts'
import { readUpload } from './read-upload.ts'
import { toDocumentInfo } from './to-document-info.ts'

const maxTitleLength = 200

/** A PDF that passed {@link readPdfUpload}, with the title it goes by. */
export type PdfUpload = { ingested: IngestedDocument; title: string }

/**
 * Streams the `file` part of a multipart upload through `ingestDocument` (at most `maxBytes`) and names it by
 * its `title` field or its file name. A refused file is answered with its `document.*` code and leaves no file.
 */
export async function readPdfUpload(
  services: Pick<RequestServices, 'storage' | 'renderer' | 'tempDir'>,
  request: Request,
  maxBytes: number,
): Promise<PdfUpload> {
  const { renderer } = services
  if (renderer === undefined) throw new ApiError(503, 'server.unavailable', 'Documents cannot be read now')
  const upload = await readUpload(request, (file) => {
    if (maxBytes <= 0) {
      file.resume()
      return Promise.resolve(documentFailure('document.too_large'))
    }
    return ingestDocument(services.storage, file, {
      maxBytes,
      tempDir: services.tempDir,
      inspect: (path) => renderer.inspect(path),
    })
  })
  const ingested = upload.file
  if (ingested === undefined) {
    throw new ApiError(400, 'request.invalid', 'file: send the PDF in a part named file', { field: 'file' })
  }
  if (!ingested.ok) {
    throw new ApiError(
      ingested.status,
      ingested.code,
      ingested.message ?? `The file was refused: ${ingested.code}`,
    )
  }
  const named = upload.fields.title?.trim() || upload.filename?.replace(/\.pdf$/i, '').trim()
  return { ingested, title: (named || 'Document').slice(0, maxTitleLength) }
}

/** Writes the row of an accepted upload, owned by its uploader; `db` may be a transaction. */
export async function insertDocument(
  db: Pick<Database, 'insert'>,
  { ingested, title }: PdfUpload,
  ownerId: string,
  now: Date,
): Promise<typeof documents.$inferSelect> {
  const [document] = await db
    .insert(documents)
    .values({
      sha256: ingested.sha256,
      title,
      size: ingested.size,
      contentType: 'application/pdf',
      pageCount: ingested.pageCount,
      pageSizes: ingested.pageSizes,
      freeAreas: ingested.freeAreas,
      ownerId,
      createdAt: now,
    })
    .returning()
  if (document === undefined) throw new Error('insert returned no row')
  return document
}

/**
 * A document of the caller's own, in no request yet (Skribble's `POST /documents`): a request made later names
 * it, and `DELETE /v3/documents/{id}` removes it. At most the document limit.
 */
export async function uploadDocument(
  services: RequestServices,
  caller: Caller,
  request: Request,
): Promise<DocumentInfo> {
  const upload = await readPdfUpload(services, request, services.limits.documentBytes)
  const row = await insertDocument(services.db, upload, caller.userId, services.now())
  services.renderer?.renderDocument(row.sha256, row.pageCount)
  return toDocumentInfo(row)
}
