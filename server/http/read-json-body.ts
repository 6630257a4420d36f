import type { Context } from 'hono'
import { ApiError } from './api-error.ts'

const jsonMediaType = /^application\/([\w.-]+\+)?json$/i

/** The largest JSON body a call takes: far above any form of the app, far below what would strain memory. */
export const maxJsonBytes = 1024 * 1024

/** The deepest nesting of arrays and objects a JSON body may have; the contract's deepest is a handful. */
export const maxJsonDepth = 32

/** Whether a Content-Type header announces JSON (`application/json`, `application/problem+json`, ...). */
export function isJsonContentType(contentType: string | undefined): boolean {
  return jsonMediaType.test((contentType ?? '').split(';')[0]?.trim() ?? '')
}

/**
 * Whether `text` nests arrays and objects deeper than `limit`, found by one pass over the characters (a
 * string's brackets do not count), so a body nested thousands deep never reaches the parser, whose
 * result every later step would walk recursively.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 0x5c)
        i++ // a backslash escapes the next character
      else if (char === 0x22) inString = false
    } else if (char === 0x22) inString = true
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return true
    } else if (char === 0x5d || char === 0x7d) depth--
  }
  return false
}

/** Whether `text` holds NUL or a lone surrogate: neither is text a person typed, and the database refuses both. */
export function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed()
}

/** The wire path (`signatures.0.account_email`) of the first string, key or value, that {@link isUnsafeText}. */
export function findUnsafeString(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return isUnsafeText(value) ? path : undefined
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnsafeString(item, [...path, String(index)])
      if (found) return found
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (isUnsafeText(key)) return [...path, key]
      const found = findUnsafeString(item, [...path, key])
      if (found) return found
    }
  }
  return undefined
}

/**
 * The 413 for a body over the limit. Its connection closes: the rest of the body is read and thrown away only so
 * that the client can read the answer (server/http/linger-after-early-answers.ts).
 */
function tooLarge(c: Context, maxBytes: number): ApiError {
  c.header('Connection', 'close')
  return new ApiError(413, 'request.too_large', `The request body is larger than ${maxBytes} bytes`)
}

/** The body's text, refused with 413 as soon as it is longer than `maxBytes`. */
async function readLimitedText(c: Context, maxBytes: number): Promise<string> {
  const declared = c.req.header('content-length')
  if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge(c, maxBytes)
  const body = c.req.raw.body
  if (body === null) return ''
  if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
    const text = await c.req.text()
    if (Buffer.byteLength(text) > maxBytes) throw tooLarge(c, maxBytes)
    return text
  }
  // No length announced: count while reading, and stop at the limit.
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.byteLength
    if (size > maxBytes) throw tooLarge(c, maxBytes)
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  // Later readers (the validators) read the same text.
  c.req.raw = new Request(c.req.raw, { body: text })
  return text
}

/**
 * Reads a request body that must be JSON. Requiring the JSON media type also keeps cross-site form posts,
 * which browsers send without a preflight, from reaching a handler. A body over `maxBytes` (unless a route
 * takes more, {@link maxJsonBytes}) is a
 * 413 `request.too_large`, one nested deeper than {@link maxJsonDepth} a 400 `request.too_deep`, a string
 * with NUL or a lone surrogate a 400 `request.invalid` naming its field. The text is cached by Hono, so
 * reading twice is cheap.
 */
export async function readJsonBody(c: Context, maxBytes = maxJsonBytes): Promise<unknown> {
  if (!isJsonContentType(c.req.header('content-type'))) {
    throw new ApiError(
      415,
      'request.unsupported_media_type',
      'The request body must be JSON sent with Content-Type: application/json',
    )
  }
  const text = await readLimitedText(c, maxBytes)
  if (nestsDeeperThan(text, maxJsonDepth)) {
    throw new ApiError(400, 'request.too_deep', `The request body nests deeper than ${maxJsonDepth} levels`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (cause) {
    throw new ApiError(400, 'request.malformed_json', 'The request body is not valid JSON', { cause })
  }
  const unsafe = findUnsafeString(value)
  if (unsafe !== undefined) {
    const field = unsafe.join('.')
    throw new ApiError(
      400,
      'request.invalid',
      `${field === '' ? 'The body' : field}: must not hold NUL or a lone surrogate`,
      field === '' ? {} : { field },
    )
  }
  return value
}
