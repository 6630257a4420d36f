import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import { apiBase } from '../../contract/paths.ts'

const requestIds = new AsyncLocalStorage<string>()

// An id that a proxy or client sent is kept only when it cannot smuggle anything into a header or log line.
const acceptedRequestId = /^[A-Za-z0-9._-]{8,128}$/

/** The id of the request being answered, in the code that answers it; undefined outside a request. */
export function currentRequestId(): string | undefined {
  return requestIds.getStore()
}

/** `logger`, whose every line written while a request is answered carries that request's `requestId`. */
export function withRequestIds(logger: Logger): Logger {
  return logger.child(
    {},
    {
      formatters: {
        log: (object) => {
          const requestId = requestIds.getStore()
          return requestId === undefined ? object : { ...object, requestId }
        },
      },
    },
  )
}

/**
 * Gives every request an id, the sane `X-Request-Id` it came with or a new UUID, which its answer (an API
 * answer) carries in `X-Request-Id` and the lines logged while it is answered carry as `requestId` (through a logger of
 * {@link withRequestIds}); then logs the request as one structured line once its answer is ready.
 */
export function requestLogger(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    const given = c.req.header('x-request-id')
    const requestId = given !== undefined && acceptedRequestId.test(given) ? given : randomUUID()
    await requestIds.run(requestId, async () => {
      await next()
      // API answers name it; the app's own files, the same for everyone and cached, go without.
      if (c.req.path.startsWith(apiBase)) c.res.headers.set('X-Request-Id', requestId)
      logger.info(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      )
    })
  }
}
