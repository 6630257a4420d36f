import type { MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'

/** Logs every request as one structured line once its answer is ready. */
export function requestLogger(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    )
  }
}
