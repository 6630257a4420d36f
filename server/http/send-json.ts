import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type CaseOptions, toSnakeCase } from '../../contract/case.ts'

/**
 * Answers with `data` as JSON, its keys converted from camelCase to the wire's snake_case, with its length,
 * by which the API's compression leaves small answers as they are.
 */
export function sendJson(
  c: Context,
  data: unknown,
  status: ContentfulStatusCode = 200,
  options: CaseOptions = {},
): Response {
  const text = JSON.stringify(toSnakeCase(data, options))
  return c.body(text, status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  })
}
