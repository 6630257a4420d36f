import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Logger } from 'pino'
import type { ErrorReporter } from '../providers/error-reporting/start-error-reporting.ts'
import { ApiError } from './api-error.ts'
import { currentRequestId } from './request-logger.ts'
import { sendJson } from './send-json.ts'

/**
 * Answers every thrown error in the contract's error shape. An {@link ApiError} is answered as it says;
 * anything else is a bug: logged with its stack, reported to `reporter` (Sentry, when configured) with the
 * request's id, and answered 500 `server.error` without details.
 */
export function createErrorHandler(logger: Logger, reporter: ErrorReporter | null = null): ErrorHandler {
  return (error, c) => {
    if (!(error instanceof ApiError)) {
      const requestId = currentRequestId()
      reporter?.report(error, requestId === undefined ? {} : { request_id: requestId })
    }
    const apiError =
      error instanceof ApiError
        ? error
        : new ApiError(500, 'server.error', 'Something went wrong on our side', { cause: error })
    if (apiError.status >= 500) {
      logger.error(
        { err: apiError.cause ?? apiError, method: c.req.method, path: c.req.path },
        'request failed',
      )
    }
    return sendError(c, apiError)
  }
}

/** Answers a request that no route matched with 404 `route.not_found`. */
export const notFoundHandler: NotFoundHandler = (c) => sendError(c, routeNotFound(c))

/** The error for a path (or method on a path) that the API does not have. */
export function routeNotFound(c: Context): ApiError {
  return new ApiError(404, 'route.not_found', `No route for ${c.req.method} ${c.req.path}`)
}

function sendError(c: Context, error: ApiError): Response {
  if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds))
  return sendJson(c, error.toBody(c.req.path), error.status as ContentfulStatusCode)
}
