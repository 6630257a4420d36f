import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Logger } from 'pino'
import type { Database } from '../db/open-database.ts'
import { ApiError } from '../http/api-error.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { cspReportPath } from '../http/security-headers.ts'

/** What the services of the report endpoint are. */
export type CspReportServices = { db: Database; now: () => Date; logger: Logger }

/** The most reports of one body that are logged: a browser batches a page's reports, each a few hundred bytes. */
const reportsPerBody = 10

/** One refusal as the log keeps it, the same from either kind of report. */
type Violation = {
  documentUrl: unknown
  directive: unknown
  blockedUrl: unknown
  sourceFile: unknown
  line: unknown
  disposition: unknown
}

/**
 * The violations of a report body: `report-uri`'s `{"csp-report": {...}}` (application/csp-report) or the
 * Reporting API's list of `{type: "csp-violation", body: {...}}` (application/reports+json); nothing else.
 */
function violationsOf(body: unknown): Violation[] {
  const record = (value: unknown): Record<string, unknown> | undefined =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
  const legacy = record(record(body)?.['csp-report'])
  if (legacy)
    return [
      {
        documentUrl: legacy['document-uri'],
        directive: legacy['effective-directive'] ?? legacy['violated-directive'],
        blockedUrl: legacy['blocked-uri'],
        sourceFile: legacy['source-file'],
        line: legacy['line-number'],
        disposition: legacy.disposition,
      },
    ]
  if (!Array.isArray(body)) return []
  return body.flatMap((report) => {
    const fields = record(record(report)?.body)
    if (record(report)?.type !== 'csp-violation' || !fields) return []
    return [
      {
        documentUrl: fields.documentURL,
        directive: fields.effectiveDirective,
        blockedUrl: fields.blockedURL,
        sourceFile: fields.sourceFile,
        line: fields.lineNumber,
        disposition: fields.disposition,
      },
    ]
  })
}

/**
 * `POST /csp-reports`: browsers report here what a Content-Security-Policy of the server refused (the policies
 * name it, server/http/security-headers.ts); each is logged as a warning, since it is either an attack or a part
 * of the app the policy forgot. Needs no sign-in; bounded like every public call: 16 KB a body, 30 bodies a
 * minute from one address.
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
      for (const violation of violationsOf(body).slice(0, reportsPerBody))
        logger.warn({ violation }, 'Content-Security-Policy violation')
      return c.body(null, 204)
    },
  )
}
