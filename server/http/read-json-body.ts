import type { Context } from 'hono'
import { ApiError } from './api-error.ts'

const jsonMediaType = /^application\/([\w.-]+\+)?json$/i

/** Whether a Content-Type header announces JSON (`application/json`, `application/problem+json`, ...). */
export function isJsonContentType(contentType: string | undefined): boolean {
  return jsonMediaType.test((contentType ?? '').split(';')[0]?.trim() ?? '')
}

/**
 * Reads a request body that must be JSON. Requiring the JSON media type also keeps cross-site form posts,
 * which browsers send without a preflight, from reaching a handler. The text is cached by Hono, so reading
 * twice is cheap.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  if (!isJsonContentType(c.req.header('content-type'))) {
    throw new ApiError(
      415,
      'request.unsupported_media_type',
      'The request body must be JSON sent with Content-Type: application/json',
    )
  }
  const text = await c.req.text()
  try {
    return JSON.parse(text)
  } catch (cause) {
    throw new ApiError(400, 'request.malformed_json', 'The request body is not valid JSON', { cause })
  }
}
