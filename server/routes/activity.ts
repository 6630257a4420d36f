import { Readable } from 'node:stream'
import { type Context, Hono } from 'hono'
import type { Logger } from 'pino'
import {
  accountActivityPageSchema,
  activityPageSchemas,
  activityQuerySchema,
  activityRangeQuerySchema,
  identificationActivityPageSchema,
  monthlyStatisticsSchema,
  signatureActivityPageSchema,
  signatureExportQuerySchema,
} from '../../contract/activity.ts'
import { adminOnly, file, ok } from '../../contract/openapi/operation.ts'
import { exportIdentifications } from '../activity/export-identifications.ts'
import { exportSignatures } from '../activity/export-signatures.ts'
import { listAccountActivity } from '../activity/list-account-activity.ts'
import { listIdentificationActivity } from '../activity/list-identification-activity.ts'
import { listKeyUseActivity } from '../activity/list-key-use-activity.ts'
import { listSignatureActivity } from '../activity/list-signature-activity.ts'
import { monthlyStatistics } from '../activity/monthly-statistics.ts'
import { parseActivityQuery, rangeOf } from '../activity/parse-activity-query.ts'
import { requireBusinessAdmin } from '../businesses/require-business-role.ts'
import type { Database } from '../db/open-database.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { queryParams } from '../http/query-params.ts'
import { sendJson } from '../http/send-json.ts'
import { attachmentDisposition } from '../signature-requests/send-stored-file.ts'

const v2 = '/v2/businesses/:id'

/** What the activity calls read with. */
export type ActivityServices = { db: Database; now: () => Date; logger: Logger }

/** A CSV download named `filename`, streamed as it is written. */
function sendCsv(c: Context, file: { filename: string; body: Readable }): Response {
  return c.body(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': attachmentDisposition(file.filename),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  })
}

/**
 * Activity and statistics of a business (SPEC §7 Activity): who of its people sent and signed what, as lists,
 * CSV exports and monthly figures. Its admins only: members are refused (403), another business's id is
 * unknown (404), before the query is checked (400 naming the wrong parameter).
 */
export function createActivityRoutes(services: ActivityServices & ApiKeyMode): Hono<AuthEnv> {
  const { db } = services
  const requireAuth = authenticate(services)
  const requireAdmin = requireBusinessAdmin(db)
  return new Hono<AuthEnv>()
    .get(
      `${v2}/activities/accounts`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'The business’s people and what each sent and signed',
        tag: 'Activity',
        auth: 'account',
        answers: [ok(accountActivityPageSchema)],
        errors: adminOnly,
      }),
      queryParams(activityQuerySchema('accounts')),
      async (c) => {
        const query = parseActivityQuery('accounts', c.req.valid('query'), services.now())
        return sendJson(c, await listAccountActivity(db, c.req.param('id'), query))
      },
    )
    .get(
      `${v2}/activities/signatures`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'The signatures the business’s people gave',
        tag: 'Activity',
        auth: 'account',
        answers: [ok(signatureActivityPageSchema)],
        errors: adminOnly,
      }),
      queryParams(activityQuerySchema('signatures')),
      async (c) => {
        const query = parseActivityQuery('signatures', c.req.valid('query'), services.now())
        return sendJson(c, await listSignatureActivity(db, c.req.param('id'), query))
      },
    )
    .get(
      `${v2}/activities/identifications`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'The identifications of the business’s people',
        tag: 'Activity',
        auth: 'account',
        answers: [ok(identificationActivityPageSchema)],
        errors: adminOnly,
      }),
      queryParams(activityQuerySchema('identifications')),
      async (c) => {
        const query = parseActivityQuery('identifications', c.req.valid('query'), services.now())
        return sendJson(c, await listIdentificationActivity(db, c.req.param('id'), query))
      },
    )
    .get(
      `${v2}/activities/keys`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Every call the business’s API users made with their keys',
        tag: 'Activity',
        auth: 'account',
        answers: [ok(activityPageSchemas.keys)],
        errors: adminOnly,
      }),
      queryParams(activityQuerySchema('keys')),
      async (c) => {
        const query = parseActivityQuery('keys', c.req.valid('query'), services.now())
        return sendJson(c, await listKeyUseActivity(db, c.req.param('id'), query))
      },
    )
    .get(
      `${v2}/activities/signatures/export`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'The signatures as CSV, one row each or one per person',
        tag: 'Activity',
        auth: 'account',
        answers: [file('text/csv', 'UTF-8 with a byte order mark, as spreadsheets open it.')],
        errors: adminOnly,
      }),
      queryParams(signatureExportQuerySchema),
      async (c) => {
        const { group_by, ...dates } = c.req.valid('query')
        const range = rangeOf(dates, services.now())
        return sendCsv(c, exportSignatures(services, c.req.param('id'), range, group_by))
      },
    )
    .get(
      `${v2}/activities/identifications/export`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'The identifications as CSV',
        tag: 'Activity',
        auth: 'account',
        answers: [file('text/csv', 'UTF-8 with a byte order mark, as spreadsheets open it.')],
        errors: adminOnly,
      }),
      queryParams(activityRangeQuerySchema),
      async (c) => {
        const range = rangeOf(c.req.valid('query'), services.now())
        return sendCsv(c, exportIdentifications(services, c.req.param('id'), range))
      },
    )
    .get(
      `${v2}/statistics/monthly`,
      requireAuth,
      requireAdmin,
      describeRoute({
        summary: 'Signatures per month by quality, and per person',
        tag: 'Activity',
        auth: 'account',
        answers: [ok(monthlyStatisticsSchema)],
        errors: adminOnly,
      }),
      queryParams(activityRangeQuerySchema),
      async (c) => {
        const range = rangeOf(c.req.valid('query'), services.now())
        return sendJson(c, await monthlyStatistics(db, c.req.param('id'), range))
      },
    )
}
