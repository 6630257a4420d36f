import { Readable } from 'node:stream'
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import {
  bulkCheckSchema,
  bulkSendInputSchema,
  bulkSendLimits,
  bulkSendSchema,
} from '../../contract/bulk-sends.ts'
import { file, ok, unknownTemplate } from '../../contract/openapi/operation.ts'
import { csvStream } from '../activity/csv-stream.ts'
import type { BulkSendServices } from '../bulk-sends/bulk-send-services.ts'
import { type BulkSheet, createBulkSend } from '../bulk-sends/create-bulk-send.ts'
import { bulkResultRows, loadBulkSendView } from '../bulk-sends/load-bulk-send.ts'
import { readUpload } from '../documents/read-upload.ts'
import { ApiError } from '../http/api-error.ts'
import { type ApiKeyMode, type AuthEnv, authenticate } from '../http/authenticate.ts'
import { describeRoute } from '../http/describe-route.ts'
import { countRequest } from '../http/rate-limit.ts'
import { readJsonBody } from '../http/read-json-body.ts'
import { sendJson } from '../http/send-json.ts'
import { callerOf } from '../signature-requests/caller-of.ts'
import { attachmentDisposition } from '../signature-requests/send-stored-file.ts'
import type { SheetFormat } from '../templates/read-sheet.ts'

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The file's kind from its name or media type; 415 for anything but CSV and XLSX. */
function formatOf(filename: string | undefined, mimeType: string | undefined): SheetFormat {
  const name = (filename ?? '').toLowerCase()
  if (name.endsWith('.xlsx') || mimeType === xlsxType) return 'xlsx'
  if (name.endsWith('.csv') || mimeType === 'text/csv') return 'csv'
  throw new ApiError(415, 'bulk_send.unsupported_file', 'Send a CSV or an XLSX file')
}

/** The bytes of an uploaded file, refused with 413 as soon as they pass the limit. */
async function collect(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += (chunk as Buffer).length
    if (size > bulkSendLimits.fileBytes) {
      throw new ApiError(
        413,
        'bulk_send.file_too_large',
        `The file is larger than ${bulkSendLimits.fileBytes / 1024 / 1024} MB`,
      )
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** The rows of the call: the JSON body's, or the uploaded file's read in a worker. */
async function readSheetOf(
  c: Context,
  services: BulkSendServices,
): Promise<{ sheet: BulkSheet; send: boolean }> {
  if (/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
    const upload = await readUpload(c.req.raw, collect)
    if (upload.file === undefined)
      throw new ApiError(400, 'request.invalid', 'file: missing', { field: 'file' })
    const format = formatOf(upload.filename, upload.mimeType)
    if (services.renderer === undefined)
      throw new ApiError(503, 'server.unavailable', 'Files cannot be read now')
    const read = await services.renderer.readSheet(upload.file, format)
    if ('refused' in read) {
      const status = read.refused === 'file_too_large' ? 413 : 422
      throw new ApiError(status, `bulk_send.${read.refused}`, `The file cannot be sent: ${read.message}`)
    }
    const [header = [], ...rows] = read.rows
    return { sheet: { header, rows, firstRow: 2 }, send: upload.fields.send !== 'false' }
  }
  const result = v.safeParse(bulkSendInputSchema, await readJsonBody(c))
  if (!result.success) {
    const issue = result.issues[0]
    const field = (issue.path ?? []).map((item) => String(item.key)).join('.') || undefined
    throw new ApiError(
      400,
      'request.invalid',
      field === undefined ? issue.message : `${field}: ${issue.message}`,
      {
        field,
      },
    )
  }
  const { columns, rows, send } = result.output
  return { sheet: { header: columns, rows, firstRow: 1 }, send }
}

const resultColumns = [
  { key: 'row', header: 'row' },
  { key: 'requestId', header: 'request_id' },
  { key: 'status', header: 'status' },
  { key: 'error', header: 'error' },
] as const

/**
 * Issue 41 §2 bulk send: a file (or JSON) of rows, each a request started from a template the caller may use,
 * checked first and then sent row by row through the durable jobs; its progress and its result as CSV. One
 * caller may send 20 files a minute; each is bounded in bytes, rows and cells.
 */
export function createBulkSendRoutes(services: BulkSendServices & ApiKeyMode): Hono<AuthEnv> {
  const requireAuth = authenticate(services)
  return new Hono<AuthEnv>()
    .post(
      '/v3/templates/:id/bulk',
      requireAuth,
      describeRoute({
        summary: 'Send a template to many: a request per row',
        description: `The rows as JSON, \`columns\` (the header) and \`rows\`, or as a CSV (UTF-8; comma, semicolon or tab) or XLSX file (its first sheet) in the \`file\` part of \`multipart/form-data\` (with a \`send\` field), at most ${bulkSendLimits.fileBytes / 1024 / 1024} MB and ${bulkSendLimits.rows} rows. The columns: per role \`<role> email\` (required) and \`<role> name\`, per field a sender may fill \`<role> <kind> <n>\` (\`Employee date 1\`), and \`language\` (en-gb, de-ch, fr-ch, it). Every row is checked first: \`send: false\` answers the refused cells (row numbers as the file counts them, the header being row 1; in JSON the first row is 1) and sends nothing. Otherwise the rows that will do are each started and sent as a request of the caller's, in the background, and the bulk send is answered with 201; refused rows are kept with their errors.`,
        tag: 'Templates',
        auth: 'account',
        body: { json: bulkSendInputSchema },
        answers: [
          ok(bulkCheckSchema, 'With `send: false`: the check.'),
          { status: 201, json: bulkSendSchema },
        ],
        errors: {
          ...unknownTemplate,
          413: ['bulk_send.file_too_large'],
          415: ['bulk_send.unsupported_file'],
          422: [
            'bulk_send.unreadable_file',
            'bulk_send.too_many_rows',
            'bulk_send.unknown_column',
            'bulk_send.missing_column',
            'bulk_send.column_twice',
            'bulk_send.no_rows',
            'bulk_send.no_valid_rows',
          ],
        },
      }),
      async (c) => {
        const caller = callerOf(c)
        await countRequest(
          {
            db: services.db,
            key: `bulk-send:${caller.userId}`,
            limit: 20,
            windowMs: 60_000,
            now: services.now,
          },
          'your account',
        )
        const { sheet, send } = await readSheetOf(c, services)
        const answer = await createBulkSend(services, caller, c.req.param('id'), sheet, send)
        return sendJson(c, answer, 'id' in answer ? 201 : 200)
      },
    )
    .get(
      '/v3/bulk-sends/:id',
      requireAuth,
      describeRoute({
        summary: 'Read a bulk send: its rows sent, failed, refused and still queued',
        tag: 'Templates',
        auth: 'account',
        answers: [ok(bulkSendSchema)],
        errors: { 404: ['bulk_send.not_found'] },
      }),
      async (c) => sendJson(c, await loadBulkSendView(services.db, callerOf(c).userId, c.req.param('id'))),
    )
    .get(
      '/v3/bulk-sends/:id/result',
      requireAuth,
      describeRoute({
        summary: 'Download a bulk send’s result as CSV',
        description:
          'A line per row of the file: `row`, `request_id`, `status` (queued, sent, failed, refused), `error`.',
        tag: 'Templates',
        auth: 'account',
        answers: [file('text/csv', 'UTF-8 with a byte order mark, as spreadsheets open it.')],
        errors: { 404: ['bulk_send.not_found'] },
      }),
      async (c) => {
        const bulk = await loadBulkSendView(services.db, callerOf(c).userId, c.req.param('id'))
        const body = csvStream(resultColumns, bulkResultRows(services.db, bulk.id), services.logger)
        return c.body(Readable.toWeb(body) as ReadableStream<Uint8Array>, 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': attachmentDisposition(`bulk-send-${bulk.id}.csv`),
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        })
      },
    )
}
