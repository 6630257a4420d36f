import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type CaseOptions, toSnakeCase } from '../../contract/case.ts'

/** Answers with `data` as JSON, its keys converted from camelCase to the wire's snake_case. */
export function sendJson(
  c: Context,
  data: unknown,
  status: ContentfulStatusCode = 200,
  options: CaseOptions = {},
): Response {
  return c.json(toSnakeCase(data, options) as object, status)
}
