import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { BusinessSettings } from '../../contract/businesses.ts'
import { businessPaths } from '../../contract/businesses.ts'
import { apiBase } from '../../contract/paths.ts'
import type { Database } from '../db/open-database.ts'
import { businesses } from '../db/schema/businesses.ts'
import { readLimited, readUpload } from '../documents/read-upload.ts'
import { ApiError } from '../http/api-error.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { businessNotFound } from './business-errors.ts'
import { getBusinessSettings } from './business-settings.ts'

/** Largest logo file accepted. */
const maxLogoBytes = 1024 * 1024
/** The box a logo is drawn into: wide and low, as it stands in mails and on the signing pages. */
const logoBox = { width: 600, height: 240 }
const acceptedFormats = new Set(['png', 'jpeg', 'svg'])

/** Where a business's logo is stored. */
export const logoKey = (businessId: string) => `logos/${businessId}.png`

/**
 * POST /v1/businesses/{id}/settings/logo: a PNG, JPEG or SVG (multipart `file`, up to 1 MB) becomes the
 * business's logo. It is drawn anew as a PNG within 600 by 240 pixels: what is stored is pixels only, so
 * an SVG's scripts, links and external references never reach anyone who sees it. Answers the settings.
 */
export async function uploadLogo(
  services: { db: Database; storage: FileStorage },
  businessId: string,
  request: Request,
): Promise<BusinessSettings> {
  const upload = await readUpload(request, (file) => readLimited(file, maxLogoBytes))
  if (upload.file === undefined) {
    throw upload.filename === undefined
      ? new ApiError(400, 'request.invalid', 'file: send the logo as the multipart field file', {
          field: 'file',
        })
      : new ApiError(413, 'business.logo_invalid', 'The logo is larger than 1 MB', { field: 'file' })
  }
  const png = await drawLogo(upload.file)
  const sha256 = createHash('sha256').update(png.data).digest('hex')
  await services.storage.put(logoKey(businessId), png.data)
  const url = `${apiBase}${businessPaths.businessLogo(businessId)}?v=${sha256.slice(0, 16)}`
  await setLogo(services.db, businessId, { url, width: png.info.width, height: png.info.height })
  return getBusinessSettings(services.db, businessId)
}

async function drawLogo(bytes: Uint8Array) {
  const refused = () =>
    new ApiError(422, 'business.logo_invalid', 'The logo must be a PNG, JPEG or SVG image', { field: 'file' })
  // sharp throws at once on an empty file, before the promise below could refuse it.
  if (bytes.length === 0) throw refused()
  const image = sharp(bytes, { limitInputPixels: 40_000_000 })
  const format = await image.metadata().then(
    (metadata) => metadata.format,
    () => undefined,
  )
  if (format === undefined || !acceptedFormats.has(format)) throw refused()
  return image
    .resize({ ...logoBox, fit: 'inside', withoutEnlargement: format !== 'svg' })
    .png()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw refused()
    })
}

/** DELETE /v1/businesses/{id}/settings/logo: the business goes without a logo. Answers the settings. */
export async function removeLogo(
  services: { db: Database; storage: FileStorage },
  businessId: string,
): Promise<BusinessSettings> {
  await setLogo(services.db, businessId, null)
  await services.storage.delete(logoKey(businessId))
  return getBusinessSettings(services.db, businessId)
}

async function setLogo(db: Database, businessId: string, logo: BusinessSettings['companyBranding']['logo']) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ settings: businesses.settings })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for('update')
    if (row === undefined) throw businessNotFound()
    await tx
      .update(businesses)
      .set({ settings: { ...row.settings, companyBranding: { logo } } })
      .where(eq(businesses.id, businessId))
  })
}

/**
 * GET /v1/businesses/{id}/logo: the logo as PNG, for whoever is shown the business's branding (signers
 * without an account too); 404 when the business has none.
 */
export async function readLogo(storage: FileStorage, businessId: string): Promise<Uint8Array> {
  const bytes = isUuid(businessId) ? await storage.getBytes(logoKey(businessId)) : undefined
  if (bytes === undefined) throw new ApiError(404, 'business.not_found', 'This business has no logo')
  return bytes
}
