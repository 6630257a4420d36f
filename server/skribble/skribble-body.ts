import type { Context } from 'hono'
import * as v from 'valibot'
import { ApiError } from '../http/api-error.ts'
import { readJsonBody } from '../http/read-json-body.ts'

/**
 * Reads a body of Skribble's API and validates it with `schema`, keys as Skribble writes them (`api-key`,
 * `signer_identity_data`): JSON, or, with `form`, `application/x-www-form-urlencoded` too (the login takes
 * either). A wrong body is 400 `request.invalid` naming the first wrong field, as every body of Signet's API.
 */
export async function readSkribbleBody<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
  { form = false }: { form?: boolean } = {},
): Promise<v.InferOutput<TSchema>> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  const value =
    form && type === 'application/x-www-form-urlencoded'
      ? Object.fromEntries(new URLSearchParams(await c.req.text()))
      : await readJsonBody(c)
  const result = v.safeParse(schema, value)
  if (result.success) return result.output
  const issue = result.issues[0]
  const field = issue.path?.map(({ key }) => String(key)).join('.')
  throw new ApiError(
    400,
    'request.invalid',
    field === undefined ? issue.message : `${field}: ${issue.message}`,
    {
      field,
    },
  )
}
