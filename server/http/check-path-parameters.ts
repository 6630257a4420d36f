import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { METHOD_NAME_ALL } from 'hono/router'
import { tryDecodeURIComponent } from 'hono/utils/url'
import {
  maxPage,
  type PathParameter,
  type PathParameterFormat,
  pathParametersOf,
} from '../../contract/openapi/path-parameters.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import { ApiError } from './api-error.ts'
import { descriptionOf } from './describe-route.ts'
import { isUnsafeText } from './read-json-body.ts'

const formatWords: Record<Extract<PathParameterFormat, string>, string> = {
  uuid: 'a UUID',
  page: `a whole number from 0 to ${maxPage}`,
  text: 'text without NUL or a lone surrogate',
}

function fits(value: string, format: PathParameterFormat): boolean {
  if (format === 'uuid') return isUuid(value)
  if (format === 'page') return /^\d+$/.test(value) && Number(value) <= maxPage
  if (format === 'text') return !isUnsafeText(value)
  if ('orUuid' in format) return format.words.includes(value) || isUuid(value)
  return format.includes(value)
}

/** The refusal of a call's malformed path parameter, kept until its caller is admitted. */
const refusals = new WeakMap<Context, ApiError>()

/** The path parameters of a route of the API, by its path (`/api/businesses/:id`). */
const parametersByPath = new Map<string, { index: number; name: string; parameter: PathParameter }[]>()

function parametersOf(routePath: string) {
  let parameters = parametersByPath.get(routePath)
  if (parameters === undefined) {
    parameters = pathParametersOf(routePath.replace(/:(\w+)/g, '{$1}'))
    parametersByPath.set(routePath, parameters)
  }
  return parameters
}

/**
 * Refuses a path parameter that is not of the form its route's description declares
 * (contract/openapi/path-parameters.ts) with the answer a value that names nothing gets (404
 * `business.not_found`, ...), before any handler runs: a malformed id never reaches the database, whose uuid
 * and text columns would fail on it. A call that needs a caller is refused once {@link admitPathParameters}
 * has admitted them, so that one without credentials is 401 whatever its path. The parameters are those of
 * the route that answers, so a literal path (`identification/payment/{id}`) is not read as the parameterised
 * one beside it (`identification/{provider}/{mode}`). Only routes that describe themselves (describe-route.ts)
 * are checked: the others read their parameters themselves.
 */
export const checkPathParameters: MiddlewareHandler = async (c, next) => {
  const matched = matchedRoutes(c)
  const route = matched.find((found) => found.method !== METHOD_NAME_ALL)
  const auth =
    route === undefined
      ? undefined
      : matched
          .filter((found) => found.method === route.method && found.path === route.path)
          .map((found) => descriptionOf(found.handler)?.auth)
          .find((declared) => declared !== undefined)
  const refusal =
    route === undefined || auth === undefined ? undefined : malformed(c.req.path, parametersOf(route.path))
  if (refusal !== undefined) {
    if (auth === 'none') throw refusal
    refusals.set(c, refusal)
  }
  await next()
}

/** Called by the middlewares that admit a caller, once they have: refuses a malformed path parameter. */
export function admitPathParameters(c: Context): void {
  const refusal = refusals.get(c)
  if (refusal !== undefined) throw refusal
}

function malformed(
  path: string,
  parameters: { index: number; name: string; parameter: PathParameter }[],
): ApiError | undefined {
  const segments = path.split('/')
  for (const { index, name, parameter } of parameters) {
    // Decoded as the handler's c.req.param() decodes it.
    const value = tryDecodeURIComponent(segments[index] ?? '')
    if (fits(value, parameter.format)) continue
    const { format, refusal, subject } = parameter
    // A word is named back, as people mistype them; an id is not.
    const wrong =
      typeof format === 'string'
        ? `${subject} must be ${formatWords[format]}`
        : 'orUuid' in format
          ? `${subject} '${value}' is none of ${format.words.join(', ')}, nor ${formatWords.uuid}`
          : `${subject} '${value}' is none of ${format.join(', ')}`
    return new ApiError(refusal.status, refusal.code, wrong, { field: name })
  }
  return undefined
}
