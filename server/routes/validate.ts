import { Hono } from 'hono'
import { file, ok, pdfUpload } from '../../contract/openapi/operation.ts'
import { validateQuerySchema, validationReportSchema } from '../../contract/validation.ts'
import type { Database } from '../db/open-database.ts'
import { describeRoute } from '../http/describe-route.ts'
import { queryParams } from '../http/query-params.ts'
import { rateLimit } from '../http/rate-limit.ts'
import { sendJson } from '../http/send-json.ts'
import { etsiValidationReport } from '../signing/etsi-validation-report.ts'
import { type ValidationServices, validateUpload, validationReportView } from '../signing/validate-upload.ts'

/** Validations one client address may ask for per minute: each can keep a worker busy for seconds. */
export const validationsPerMinute = 20

/**
 * `POST /v1/validate`: anyone may check the signatures of a PDF, signed here or elsewhere, and have the
 * report as JSON or (`type=xml`) as an ETSI TS 119 102-2 validation report; `now` is the server's clock, of
 * the per-address limit (counted in `db`) and the report's validation time.
 */
export function createValidateRoutes(services: ValidationServices & { now: () => Date; db: Database }): Hono {
  return new Hono().post(
    '/v1/validate',
    rateLimit({
      db: services.db,
      name: 'validate',
      limit: validationsPerMinute,
      windowMs: 60_000,
      now: services.now,
    }),
    describeRoute({
      summary: 'Check every signature of a PDF',
      description: 'One client address may check 20 PDFs a minute.',
      tag: 'Validation',
      auth: 'none',
      body: pdfUpload,
      answers: [
        ok(validationReportSchema, 'The report as JSON (`type=json`, the default).'),
        file(
          'application/xml',
          'With `type=xml`: the report as an ETSI TS 119 102-2 validation report (namespace `http://uri.etsi.org/19102/v1.2.1#`), one `SignatureValidationReport` per signature and document timestamp with its main indication (`urn:etsi:019102:mainindication:total-passed`, `total-failed`, `indeterminate`) and sub-indication, and the certificates, timestamps, OCSP responses and CRLs as validation objects.',
        ),
      ],
      errors: {
        413: ['document.too_large'],
        422: ['validation.pdf_unreadable', 'validation.too_complex'],
        429: ['request.rate_limited'],
        503: ['server.busy'],
      },
    }),
    queryParams(validateQuerySchema),
    async (c) => {
      const { type = 'json' } = c.req.valid('query')
      const report = await validateUpload(services, c.req.raw)
      if (type === 'json') return sendJson(c, validationReportView(report))
      return c.body(etsiValidationReport(report, services.now()), 200, {
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': 'attachment; filename="validation-report.xml"',
      })
    },
  )
}
