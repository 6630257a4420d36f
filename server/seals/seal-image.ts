import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { maxSealImageBytes, type SealDetail } from '../../contract/seals.ts'
import type { Database } from '../db/open-database.ts'
import { seals } from '../db/schema/seals.ts'
import { readLimited, readUpload } from '../documents/read-upload.ts'
import { ApiError } from '../http/api-error.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import type { SealRow } from './find-seal.ts'
import { sealDetail } from './seal-views.ts'

/** The box a seal's image is drawn into: the appearance shows it at most a few centimetres wide. */
const imageBox = { width: 600, height: 600 }

/** The folder of a business's seal images; it goes with the business. */
export const sealImagesFolder = (businessId: string) => `seals/${businessId}`

const formats = {
  png: { type: 'image/png', extension: 'png' },
  jpeg: { type: 'image/jpeg', extension: 'jpg' },
} as const

/**
 * POST /v1/businesses/{id}/seals/{name}/image: a PNG or JPEG (multipart `file`, up to 1 MB) becomes the
 * seal's image, shown in its appearance. The first bytes must say PNG or JPEG (else 415); a larger file is
 * a 413; one that does not decode, a 422 (all `seal.image_invalid`). It is drawn anew in its own format
 * within 600 by 600 pixels, so what is stored (and embedded in every sealed PDF) is small, plain pixels.
 * Answers the seal.
 */
export async function uploadSealImage(
  services: { db: Database; storage: FileStorage },
  seal: SealRow,
  request: Request,
): Promise<SealDetail> {
  const upload = await readUpload(request, (file) => readLimited(file, maxSealImageBytes))
  if (upload.file === undefined) {
    throw upload.filename === undefined
      ? new ApiError(400, 'request.invalid', 'file: send the image as the multipart field file', {
          field: 'file',
        })
      : new ApiError(413, 'seal.image_invalid', 'The image is larger than 1 MB', { field: 'file' })
  }
  const format = formatOf(upload.file)
  if (format === undefined) {
    throw new ApiError(415, 'seal.image_invalid', 'The image must be a PNG or JPEG file', { field: 'file' })
  }
  const bytes = await redraw(upload.file, format)
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
  const key = `${sealImagesFolder(seal.businessId)}/${seal.id}-${version}.${formats[format].extension}`
  await services.storage.put(key, bytes)
  const [updated] = await services.db
    .update(seals)
    .set({ imageKey: key, imageType: formats[format].type })
    .where(eq(seals.id, seal.id))
    .returning()
  if (updated === undefined) throw new Error(`seal ${seal.id} vanished`)
  if (seal.imageKey !== null && seal.imageKey !== key) await services.storage.delete(seal.imageKey)
  return sealDetail(services.db, updated)
}

/** DELETE /v1/businesses/{id}/seals/{name}/image: the seal goes without an image. Answers the seal. */
export async function removeSealImage(
  services: { db: Database; storage: FileStorage },
  seal: SealRow,
): Promise<SealDetail> {
  const [updated] = await services.db
    .update(seals)
    .set({ imageKey: null, imageType: null })
    .where(eq(seals.id, seal.id))
    .returning()
  if (updated === undefined) throw new Error(`seal ${seal.id} vanished`)
  if (seal.imageKey !== null) await services.storage.delete(seal.imageKey)
  return sealDetail(services.db, updated)
}

/** GET /v1/businesses/{id}/seals/{name}/image: the image and its type; 404 `seal.image_not_found` if none. */
export async function readSealImage(
  storage: FileStorage,
  seal: SealRow,
): Promise<{ bytes: Uint8Array; type: string }> {
  const bytes = seal.imageKey === null ? undefined : await storage.getBytes(seal.imageKey)
  if (bytes === undefined || seal.imageType === null) {
    throw new ApiError(404, 'seal.image_not_found', 'This seal has no image')
  }
  return { bytes, type: seal.imageType }
}

// By the file's signature, not by its name or the type the client claims.
function formatOf(bytes: Uint8Array): keyof typeof formats | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (png.every((byte, index) => bytes[index] === byte)) return 'png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  return undefined
}

async function redraw(bytes: Uint8Array, format: keyof typeof formats): Promise<Uint8Array> {
  const image = sharp(bytes, { limitInputPixels: 40_000_000 })
    // A photo's orientation is applied, so the seal stands as it was taken.
    .rotate()
    .resize({ ...imageBox, fit: 'inside', withoutEnlargement: true })
  const drawn = format === 'png' ? image.png() : image.jpeg({ quality: 90 })
  return drawn.toBuffer().catch((cause: unknown) => {
    throw new ApiError(422, 'seal.image_invalid', 'The image cannot be read', { field: 'file', cause })
  })
}
