import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { maxVisualSignatureImageBytes, type VisualSignature } from '../../contract/visual-signatures.ts'
import { visualSignatures } from '../db/schema/visual-signatures.ts'
import { readLimited, readUpload } from '../documents/read-upload.ts'
import { ApiError } from '../http/api-error.ts'
import { findVisualSignature, visualSignatureView } from './find-visual-signature.ts'
import type { VisualSignatureServices } from './visual-signature-services.ts'

/** The box a custom image is redrawn into: twice the 300 x 140 of the signature, for print. */
const imageBox = { width: 600, height: 280 }

/** The folder of a user's visual signature images; it goes with the user. */
const visualSignatureImagesFolder = (userId: string) => `visual-signatures/${userId}`

/**
 * Reads the multipart `file` of `request` as a signature image: a PNG or JPEG by its first bytes (else
 * 415), up to 1 MB (else 413), that decodes (else 422), all `visual_signature.image_invalid`. Answers it
 * redrawn as a PNG within 600 x 280 pixels, without the file's metadata.
 */
export async function readSignatureImage(request: Request): Promise<Uint8Array> {
  const upload = await readUpload(request, (file) => readLimited(file, maxVisualSignatureImageBytes))
  if (upload.file === undefined) {
    throw upload.filename === undefined
      ? new ApiError(400, 'request.invalid', 'file: send the image as the multipart field file', {
          field: 'file',
        })
      : new ApiError(413, 'visual_signature.image_invalid', 'The image is larger than 1 MB', {
          field: 'file',
        })
  }
  if (!isPngOrJpeg(upload.file)) {
    throw new ApiError(415, 'visual_signature.image_invalid', 'The image must be a PNG or JPEG file', {
      field: 'file',
    })
  }
  return sharp(upload.file, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ ...imageBox, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer))
    .catch((cause: unknown) => {
      throw new ApiError(422, 'visual_signature.image_invalid', 'The image cannot be read', {
        field: 'file',
        cause,
      })
    })
}

/**
 * POST /v1/images/signature/{id}: a drawn or uploaded PNG or JPEG (multipart `file`) becomes the visual
 * signature's image; a typed one becomes `uploaded`. Answers the visual signature.
 */
export async function uploadVisualSignatureImage(
  services: VisualSignatureServices,
  userId: string,
  id: string,
  request: Request,
): Promise<VisualSignature> {
  const found = await findVisualSignature(services.db, userId, id)
  const bytes = await readSignatureImage(request)
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
  const key = `${visualSignatureImagesFolder(userId)}/${found.id}-${version}.png`
  await services.storage.put(key, bytes)
  const [updated] = await services.db
    .update(visualSignatures)
    .set({ imageKey: key, kind: found.kind === 'typed' ? 'uploaded' : found.kind, updatedAt: services.now() })
    .where(eq(visualSignatures.id, found.id))
    .returning()
  if (updated === undefined) throw new Error(`visual signature ${id} vanished`)
  if (found.imageKey !== null && found.imageKey !== key) await services.storage.delete(found.imageKey)
  return visualSignatureView(updated)
}

/** DELETE /v1/images/signature/{id}: the visual signature goes back to its typed name. */
export async function removeVisualSignatureImage(
  services: VisualSignatureServices,
  userId: string,
  id: string,
): Promise<VisualSignature> {
  const found = await findVisualSignature(services.db, userId, id)
  const [updated] = await services.db
    .update(visualSignatures)
    .set({ imageKey: null, kind: 'typed', updatedAt: services.now() })
    .where(eq(visualSignatures.id, found.id))
    .returning()
  if (updated === undefined) throw new Error(`visual signature ${id} vanished`)
  if (found.imageKey !== null) await services.storage.delete(found.imageKey)
  return visualSignatureView(updated)
}

// By the file's signature, not by its name or the type the client claims.
function isPngOrJpeg(bytes: Uint8Array): boolean {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  return (
    png.every((byte, index) => bytes[index] === byte) ||
    (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
  )
}
