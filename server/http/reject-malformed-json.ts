import type { MiddlewareHandler } from 'hono'
import { isJsonContentType, maxJsonBytes, readJsonBody } from './read-json-body.ts'

/**
 * Answers 400 `request.malformed_json` to any request that announces a JSON body it does not have, before
 * routing, so no handler can turn a parse error into a 500. A body is at most {@link maxJsonBytes}, or what
 * `largerBodies` allows at its path (routes that take a whole document as base64).
 */
export function rejectMalformedJson(largerBodies: (path: string) => number | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.raw.body !== null && isJsonContentType(c.req.header('content-type'))) {
      await readJsonBody(c, largerBodies(c.req.path) ?? maxJsonBytes)
    }
    await next()
  }
}
