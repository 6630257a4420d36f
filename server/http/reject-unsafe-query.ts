import type { MiddlewareHandler } from 'hono'
import { ApiError } from './api-error.ts'
import { isUnsafeText } from './read-json-body.ts'

/**
 * Answers 400 `request.invalid` naming the query parameter whose name or value holds NUL or a lone surrogate,
 * before routing, as a JSON body's strings are refused: no handler, native library or database sees them.
 */
export const rejectUnsafeQuery: MiddlewareHandler = async (c, next) => {
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (isUnsafeText(name) || values.some(isUnsafeText)) {
      throw new ApiError(400, 'request.invalid', `${name}: must not hold NUL or a lone surrogate`, {
        field: name,
      })
    }
  }
  await next()
}
