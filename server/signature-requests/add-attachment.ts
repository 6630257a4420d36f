import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { eq } from 'drizzle-orm'
import type { AttachmentInfo } from '../../contract/signature-requests.ts'
import { signatureRequestAttachments, signatureRequests } from '../db/schema/signature-requests.ts'
import { DocumentError } from '../documents/document-error.ts'
import { limitStream } from '../documents/limit-stream.ts'
import { readUpload } from '../documents/read-upload.ts'
import { ApiError } from '../http/api-error.ts'
import { hashingStream } from '../storage/hashing-stream.ts'
import { documentKey } from '../storage/storage-keys.ts'
import { findRequest } from './find-request.ts'
import { recordEvent } from './record-event.ts'
import { releaseStoredFiles } from './release-stored-files.ts'
import type { Caller, RequestServices } from './request-services.ts'
import { toAttachmentInfo } from './to-attachment-info.ts'

const maxTitleLength = 200
const mimeTypePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,62}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,62}$/i

type Stored = { sha256: string; size: number } | { refused: ApiError }

/** Spools one upload to disk under the limit while hashing it, then stores it under its content address. */
async function storeAttachment(services: RequestServices, file: Readable): Promise<Stored> {
  await mkdir(services.tempDir, { recursive: true })
  const spool = join(services.tempDir, `attachment-${randomUUID()}`)
  try {
    const hashing = hashingStream()
    try {
      await pipeline(file, limitStream(services.limits.documentBytes), hashing, createWriteStream(spool))
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error
      return { refused: new ApiError(413, 'attachment.too_large', 'The attachment is over the size limit') }
    }
    const { sha256, size } = hashing.result()
    if (size === 0) return { refused: new ApiError(422, 'attachment.empty', 'The attachment is empty') }
    const key = documentKey(sha256)
    if (!(await services.storage.exists(key))) await services.storage.put(key, createReadStream(spool))
    return { sha256, size }
  } finally {
    await rm(spool, { force: true })
  }
}

/**
 * POST .../attachments: the owner or a signer attaches a file of any type (the `file` part of a multipart
 * upload, at most the document size limit; optional `title`, else the file name) to a DRAFT or OPEN
 * request (else 409 `signature_request.ended`). Its bytes are stored once per content like documents'.
 */
export async function addAttachment(
  services: RequestServices,
  caller: Caller,
  id: string,
  request: Request,
): Promise<AttachmentInfo> {
  const found = await findRequest(services.db, caller, id)
  if (found.request.statusOverall !== 'DRAFT' && found.request.statusOverall !== 'OPEN') {
    throw new ApiError(409, 'signature_request.ended', 'Files are attached to a draft or open request only')
  }
  const upload = await readUpload(request, (file) => storeAttachment(services, file))
  const stored = upload.file
  if (stored === undefined) {
    throw new ApiError(400, 'request.invalid', 'file: send the file in a part named file', { field: 'file' })
  }
  if ('refused' in stored) throw stored.refused
  const title = (upload.fields.title?.trim() || upload.filename?.trim() || 'Attachment').slice(
    0,
    maxTitleLength,
  )
  const contentType =
    upload.mimeType !== undefined && mimeTypePattern.test(upload.mimeType)
      ? upload.mimeType.toLowerCase()
      : 'application/octet-stream'
  try {
    return await services.db.transaction(async (tx) => {
      const { request: current } = await findRequest(tx, caller, id, true)
      if (current.statusOverall !== 'DRAFT' && current.statusOverall !== 'OPEN') {
        throw new ApiError(409, 'signature_request.ended', 'The request ended meanwhile')
      }
      const now = services.now()
      const [row] = await tx
        .insert(signatureRequestAttachments)
        .values({
          requestId: id,
          uploadedBy: caller.userId,
          title,
          sha256: stored.sha256,
          size: stored.size,
          contentType,
          createdAt: now,
        })
        .returning()
      if (row === undefined) throw new Error('insert returned no row')
      await tx.update(signatureRequests).set({ updatedAt: now }).where(eq(signatureRequests.id, id))
      await recordEvent(tx, id, caller, 'attachment_added', now, { attachmentId: row.id, title })
      return toAttachmentInfo(row)
    })
  } catch (error) {
    await releaseStoredFiles(services, [stored.sha256])
    throw error
  }
}
