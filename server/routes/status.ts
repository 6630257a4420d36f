import { Hono } from 'hono'
import { ok } from '../../contract/openapi/operation.ts'
import { apiPaths } from '../../contract/paths.ts'
import type { StatusResponse } from '../../contract/status.ts'
import { statusResponseSchema } from '../../contract/status.ts'
import { ApiError } from '../http/api-error.ts'
import { describeRoute } from '../http/describe-route.ts'
import { sendJson } from '../http/send-json.ts'
import type { StatusPageProvider } from '../providers/status-page/status-page-provider.ts'
import { StatusPageUnavailableError } from '../providers/status-page/status-page-unavailable.ts'

/** What the status routes need. */
export type StatusRoutesDeps = {
  statusPage: StatusPageProvider
}

/**
 * `GET /v1/status` (SPEC §7 Other): the status page's summary and components, which the app's
 * maintenance machine polls. Public, since visitors on the login page must see a blocking maintenance too.
 */
export function createStatusRoutes({ statusPage }: StatusRoutesDeps): Hono {
  return new Hono().get(
    apiPaths.status(),
    describeRoute({
      summary: 'Incidents, maintenances and components of the status page',
      tag: 'Platform',
      auth: 'none',
      answers: [ok(statusResponseSchema)],
      errors: { 503: ['status.unavailable'] },
    }),
    async (c) => {
      let body: StatusResponse
      try {
        body = await statusPage.read()
      } catch (error) {
        if (!(error instanceof StatusPageUnavailableError)) throw error
        // Answered here rather than thrown: the provider has logged the cause once, and every poll
        // going through the error handler would log it again at error level.
        const unavailable = new ApiError(503, 'status.unavailable', error.message)
        return c.json(unavailable.toBody(c.req.path), 503)
      }
      // Browsers must ask again on every poll; the provider's cache already spares the status page.
      c.header('Cache-Control', 'no-store')
      return sendJson(c, body)
    },
  )
}
