import { timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { routeNotFound } from './error-handler.ts'

/** Whether `given` (an `X-Operator-Token`) is the operator token `expected`; never when there is none. */
export function isOperatorToken(given: string | undefined, expected: string | undefined): boolean {
  if (expected === undefined || given === undefined) return false
  const givenBytes = Buffer.from(given)
  const expectedBytes = Buffer.from(expected)
  return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes)
}

/**
 * Middleware of the development tools (outbox, clock): `reader` says who may use them: `anyone`
 * (development, on the developer's machine), or only calls that carry this operator token in
 * `X-Operator-Token` (staging); without a token, nobody. Anyone else gets the same 404 as an unknown path.
 */
export function operatorOnly(reader: 'anyone' | string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (reader !== 'anyone' && !isOperatorToken(c.req.header('x-operator-token'), reader))
      throw routeNotFound(c)
    await next()
  }
}
