import type { Env, MiddlewareHandler } from 'hono'
import type { RouteDescription } from '../../contract/openapi/operation.ts'

const descriptions = new WeakMap<MiddlewareHandler, RouteDescription>()

/**
 * The description of a route's call, declared beside its handler: `.get(path, requireAuth,
 * describeRoute({ summary, tag, auth, answers, errors }), handler)`. It lets every call through.
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
