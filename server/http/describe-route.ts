import type { Env, MiddlewareHandler } from 'hono'
import type { RouterRoute } from 'hono/types'
import type { Operation, RouteDescription } from '../../contract/openapi/operation.ts'
import { jsonBodyOf } from './json-body.ts'
import { queryParamsOf } from './query-params.ts'

const descriptions = new WeakMap<MiddlewareHandler, RouteDescription>()

/**
 * The description of a route's call, declared beside its handler: `.get(path, requireAuth,
 * describeRoute({ summary, tag, auth, answers, errors }), handler)`. It lets every call through; the server
 * refuses malformed path parameters by it (check-path-parameters.ts) and `GET /api/openapi.json` is built from
 * the descriptions of the routes the server has, with the JSON body its `jsonBody` validates.
 */
export function describeRoute<E extends Env = Env, P extends string = string>(
  description: RouteDescription,
): MiddlewareHandler<E, P> {
  const declared: MiddlewareHandler<E, P> = async (_c, next) => {
    await next()
  }
  descriptions.set(declared as MiddlewareHandler, description)
  return declared
}

/** The description `handler` declares, if it is a {@link describeRoute}. */
export function descriptionOf(handler: unknown): RouteDescription | undefined {
  return descriptions.get(handler as MiddlewareHandler)
}

/**
 * The operations of the routes in `routes` (an app's, relative to where it is mounted) that describe
 * themselves, in the order they were registered. A route describes its body and its query once: by its
 * `jsonBody` and `queryParams`, or in its description.
 */
export function describedOperations(routes: readonly RouterRoute[]): Operation[] {
  const operations: Operation[] = []
  for (const route of routes) {
    const description = descriptionOf(route.handler)
    if (description === undefined) continue
    const method = route.method.toLowerCase() as Operation['method']
    const path = route.path.replace(/:(\w+)/g, '{$1}')
    const siblings = routes.filter((other) => other.method === route.method && other.path === route.path)
    const validated = siblings.map((other) => jsonBodyOf(other.handler)).find((body) => body !== undefined)
    if (validated !== undefined && description.body !== undefined)
      throw new Error(`${route.method} ${route.path} describes the body its jsonBody validates`)
    const query = siblings.map((other) => queryParamsOf(other.handler)).find((q) => q !== undefined)
    if (query !== undefined && description.query !== undefined)
      throw new Error(`${route.method} ${route.path} describes the query its queryParams validates`)
    operations.push({
      ...description,
      method,
      path,
      ...(validated === undefined ? {} : { body: validated }),
      ...(query === undefined ? {} : { query }),
    })
  }
  return operations
}
