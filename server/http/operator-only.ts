import { timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { routeNotFound } from './error-handler.ts'

/**
 * Middleware of the development tools (outbox, clock): `reader` says who may use them: `anyone`
 * (development, on the developer's machine), or only calls that carry this operator token in
 * `X-Operator-Token` (staging); without a token, nobody. Anyone else gets the same 404 as an unknown path.
 */
export function operatorOnly(reader: 'anyone' | string | undefined): MiddlewareHandler {
  const expected = reader === undefined || reader === 'anyone' ? undefined : Buffer.from(reader)
  return async (c, next) => {
    if (reader !== 'anyone') {
      const given = Buffer.from(c.req.header('x-operator-token') ?? '')
      if (expected === undefined || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw routeNotFound(c)
      }
    }
    await next()
  }
}
