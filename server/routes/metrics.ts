import { Hono } from 'hono'
import { apiPaths } from '../../contract/paths.ts'
import { ApiError } from '../http/api-error.ts'
import { isOperatorToken } from '../http/operator-only.ts'
import type { Metrics } from '../metrics/create-metrics.ts'

/**
 * `GET /metrics`: the metrics in Prometheus's text format, for the operator's scraper, which sends the
 * operator token (OPERATOR_TOKEN) in `X-Operator-Token`: without one 401, with a wrong one, or when the server
 * has none, 403. 503 when the database does not answer the figures read from it.
 */
export function createMetricsRoutes(metrics: Metrics, operatorToken: string | undefined): Hono {
  return new Hono().get(apiPaths.metrics(), async (c) => {
    const given = c.req.header('x-operator-token')
    if (given === undefined || given === '') {
      throw new ApiError(401, 'auth.unauthenticated', 'Send the operator token in X-Operator-Token')
    }
    if (!isOperatorToken(given, operatorToken)) {
      throw new ApiError(403, 'operator.token_invalid', 'X-Operator-Token is not the operator token')
    }
    let text: string
    try {
      text = await metrics.registry.metrics()
    } catch (cause) {
      throw new ApiError(503, 'server.unavailable', 'The database does not answer', { cause })
    }
    return c.text(text, 200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' })
  })
}
