import type { MiddlewareHandler } from 'hono'
import { isJsonContentType, readJsonBody } from './read-json-body.ts'

/**
 * Answers 400 `request.malformed_json` to any request that announces a JSON body it does not have, before
 * routing, so no handler can turn a parse error into a 500.
 */
export const rejectMalformedJson: MiddlewareHandler = async (c, next) => {
  if (c.req.raw.body !== null && isJsonContentType(c.req.header('content-type'))) await readJsonBody(c)
  await next()
}
