import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Logger } from 'pino'
import type { Database } from '../db/open-database.ts'
import { ApiError } from '../http/api-error.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { cspReportPath } from '../http/security-headers.ts'

/** What the services of the report endpoint are. */
export type CspReportServices = { db: Database; now: () => Date; logger: Logger }

/** One refusal as the log keeps it. */
type Violation = {
  documentUrl: unknown
  directive: unknown
  blockedUrl: unknown
  sourceFile: unknown
  line: unknown
  disposition: unknown
}

/** The violation of a `report-uri` body, `{"csp-report": {...}}` (application/csp-report); else undefined. */
function violationOf(body: unknown): Violation | undefined {
  const record = (value: unknown): Record<string, unknown> | undefined =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
  const report = record(record(body)?.['csp-report'])
  if (report === undefined) return undefined
  return {
    documentUrl: report['document-uri'],
    directive: report['effective-directive'] ?? report['violated-directive'],
    blockedUrl: report['blocked-uri'],
    sourceFile: report['source-file'],
    line: report['line-number'],
    disposition: report.disposition,
  }
}

/**
 * `POST /csp-reports`: browsers report here what a Content-Security-Policy of the server refused (the policies
 * name it, server/http/security-headers.ts); each is logged as a warning, since it is either an attack or a part
 * of the app the policy forgot. Needs no sign-in; bounded like every public call: 16 KB a body, 30 bodies a
 * minute from one address. A body that is no report is answered the same, and not logged.
 */
export function createCspReportRoutes({ db, now, logger }: CspReportServices): Hono {
  return new Hono().post(
    cspReportPath,
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw new ApiError(413, 'request.too_large', 'A report is at most 16 KB')
      },
    }),
    rateLimit({ db, name: 'csp-reports', limit: 30, windowMs: 60_000, now }),
    async (c) => {
      let body: unknown
      try {
        body = JSON.parse(await c.req.text())
      } catch {
        body = undefined
      }
      const violation = violationOf(body)
      if (violation !== undefined) logger.warn({ violation }, 'Content-Security-Policy violation')
      return c.body(null, 204)
    },
  )
}
