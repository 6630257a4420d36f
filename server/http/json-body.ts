import type { Env, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { type CaseOptions, camelKey, snakeKey, toCamelCase } from '../../contract/case.ts'
import type { JsonBody } from '../../contract/openapi/operation.ts'
import { ApiError } from './api-error.ts'
import { readJsonBody } from './read-json-body.ts'

const bodies = new WeakMap<MiddlewareHandler, JsonBody>()

/**
 * Middleware that reads the JSON body, converts its keys to camelCase and validates it with `schema`; the
 * handler reads the result with `c.req.valid('json')`. A wrong body is answered 400 `request.invalid` with
 * `field` naming the first wrong input as the client wrote it (snake_case dot path, e.g. `signers.0.email`).
 * With `optional`, a call without a body goes through unvalidated. The route's description
 * (describe-route.ts) takes its body from here.
 */
export function jsonBody<TSchema extends v.GenericSchema, E extends Env = Env, P extends string = string>(
  schema: TSchema,
  options: CaseOptions & { optional?: boolean } = {},
): MiddlewareHandler<E, P, { in: { json: v.InferInput<TSchema> }; out: { json: v.InferOutput<TSchema> } }> {
  const { optional = false, ...caseOptions } = options
  const preserved = new Set((caseOptions.preserveKeysOf ?? []).map(camelKey))
  const validate: MiddlewareHandler<
    E,
    P,
    { in: { json: v.InferInput<TSchema> }; out: { json: v.InferOutput<TSchema> } }
  > = async (c, next) => {
    if (optional && (await c.req.text()) === '') return next()
    const result = v.safeParse(schema, toCamelCase(await readJsonBody(c), caseOptions))
    if (!result.success) {
      const issue = result.issues[0]
      const field = wireField(issue.path ?? [], preserved)
      const message = field === undefined ? issue.message : `${field}: ${issue.message}`
      throw new ApiError(400, 'request.invalid', message, { field })
    }
    c.req.addValidatedData('json', result.output as object)
    await next()
  }
  bodies.set(validate as MiddlewareHandler, {
    json: schema,
    ...(caseOptions.preserveKeysOf === undefined ? {} : { caseOptions }),
    ...(optional ? { optional } : {}),
  })
  return validate
}

/** The JSON body `handler` validates, if it is a {@link jsonBody}. */
export function jsonBodyOf(handler: unknown): JsonBody | undefined {
  return bodies.get(handler as MiddlewareHandler)
}

function wireField(path: readonly { key: unknown }[], preserved: ReadonlySet<string>): string | undefined {
  if (path.length === 0) return undefined
  let keepKey = false
  return path
    .map(({ key }) => {
      const name = typeof key === 'string' && !keepKey ? snakeKey(key) : String(key)
      keepKey = typeof key === 'string' && !keepKey && preserved.has(camelKey(key))
      return name
    })
    .join('.')
}
