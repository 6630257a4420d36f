import type { Env, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import type { QuerySchema } from '../../contract/openapi/operation.ts'
import { ApiError } from './api-error.ts'

const queries = new WeakMap<MiddlewareHandler, QuerySchema>()

/**
 * Middleware that validates the query with `schema` (in wire names, as the client writes them); the handler
 * reads the result with `c.req.valid('query')`. A wrong query is answered 400 `request.invalid` with `field`
 * naming the first wrong parameter. The route's description (describe-route.ts) takes its query from here.
 */
export function queryParams<TSchema extends QuerySchema, E extends Env = Env, P extends string = string>(
  schema: TSchema,
): MiddlewareHandler<
  E,
  P,
  { in: { query: Record<string, string> }; out: { query: v.InferOutput<TSchema> } }
> {
  const validate: MiddlewareHandler<
    E,
    P,
    { in: { query: Record<string, string> }; out: { query: v.InferOutput<TSchema> } }
  > = async (c, next) => {
    const parsed = v.safeParse(schema, c.req.query())
    if (!parsed.success) {
      const field = String(parsed.issues[0].path?.[0]?.key ?? '')
      throw new ApiError(400, 'request.invalid', `${field}: ${parsed.issues[0].message}`, { field })
    }
    c.req.addValidatedData('query', parsed.output as object)
    await next()
  }
  queries.set(validate as MiddlewareHandler, schema)
  return validate
}

/** The query `handler` validates, if it is a {@link queryParams}. */
export function queryParamsOf(handler: unknown): QuerySchema | undefined {
  return queries.get(handler as MiddlewareHandler)
}
