import * as v from 'valibot'
import { ApiError } from './api-error.ts'

/** The query `query` parsed by `schema`, or 400 `request.invalid` naming the first wrong parameter. */
export function parseQuery<T extends v.GenericSchema>(
  schema: T,
  query: Record<string, string>,
): v.InferOutput<T> {
  const parsed = v.safeParse(schema, query)
  if (parsed.success) return parsed.output
  const field = String(parsed.issues[0].path?.[0]?.key ?? '')
  throw new ApiError(400, 'request.invalid', `${field}: ${parsed.issues[0].message}`, { field })
}
