import type { Context } from 'hono'
import { defaultPageScale } from '../../contract/documents.ts'
import { ApiError } from '../http/api-error.ts'
import type { PageImage } from './get-page-image.ts'

const wholeNumber = /^\d{1,6}$/

/** Whether a download asks for the latest signed version (`?signed=true`) or the document as uploaded. */
export function wantsSignedVersion(c: Context): boolean {
  const signed = c.req.query('signed') ?? 'false'
  if (signed !== 'true' && signed !== 'false') {
    throw new ApiError(400, 'request.invalid', 'signed: must be true or false', { field: 'signed' })
  }
  return signed === 'true'
}

/** The page (from 0) and scale of `GET .../pages/{n}?scale=`; the range of each is checked by the lookup. */
export function pageParams(c: Context): { page: number; scale: number; version: string | undefined } {
  const page = c.req.param('page') ?? ''
  const scale = c.req.query('scale') ?? String(defaultPageScale)
  if (!wholeNumber.test(page)) throw new ApiError(404, 'document.page_not_found', 'Pages are numbered from 0')
  if (!wholeNumber.test(scale)) {
    throw new ApiError(400, 'request.invalid', 'scale: must be a whole number', { field: 'scale' })
  }
  const version = c.req.query('version')
  if (version !== undefined && !/^[0-9a-f]{64}$/.test(version)) {
    throw new ApiError(400, 'request.invalid', 'version: must be a SHA-256 in hex', { field: 'version' })
  }
  return { page: Number(page), scale: Number(scale), version }
}

/**
 * Answers a page image: 202 with Retry-After while it is being rendered (the client retries per SPEC §8),
 * else the WebP, cached for good since a page of the same content never changes (304 when unchanged).
 */
export function sendPageImage(c: Context, image: PageImage): Response {
  if (!image.ready) {
    c.header('Retry-After', '1')
    return c.body(null, 202)
  }
  c.header('ETag', image.etag)
  c.header('Cache-Control', 'private, max-age=31536000, immutable')
  if (c.req.header('if-none-match') === image.etag) return c.body(null, 304)
  c.header('Content-Type', 'image/webp')
  return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200)
}
