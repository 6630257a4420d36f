import {
  type BulkCheck,
  type BulkSendView,
  bulkColumnsOf,
  checkBulkRows,
  readBulkHeader,
} from '../../contract/bulk-sends.ts'
import { bulkSendRows, bulkSends } from '../db/schema/bulk-sends.ts'
import { ApiError } from '../http/api-error.ts'
import { writeJobs } from '../jobs/job-queue.ts'
import type { Caller } from '../signature-requests/request-services.ts'
import { findTemplate } from '../templates/find-template.ts'
import { loadTemplateView } from '../templates/load-templates.ts'
import { bulkSendRowJob, bulkSendRowKey } from './bulk-send-row-job.ts'
import type { BulkSendServices } from './bulk-send-services.ts'
import { loadBulkSendView } from './load-bulk-send.ts'

/** A file's rows as read: its header, the rows under it and the number of the first (the header's plus one). */
export type BulkSheet = { header: readonly string[]; rows: readonly (readonly string[])[]; firstRow: number }

const titleMaxLength = 200
// Rows per insert: PostgreSQL takes at most 65,535 parameters a statement.
const chunk = 1000

/**
 * POST /v3/templates/{id}/bulk: checks every row of `sheet` against the template's columns (422 naming a column
 * the template has not, or a role's e-mail column that is missing; 422 `bulk_send.no_rows` for a file without
 * rows). Without `send`, answers what would be sent and every refused cell. With it, stores the bulk send, its
 * refused rows with their errors and each row that will do with a job that starts and sends its request, all
 * in one transaction (422 `bulk_send.no_valid_rows` when no row will do).
 */
export async function createBulkSend(
  services: BulkSendServices,
  caller: Caller,
  templateId: string,
  sheet: BulkSheet,
  send: boolean,
): Promise<BulkCheck | BulkSendView> {
  const { db } = services
  const { template, membership } = await findTemplate(db, caller.userId, templateId)
  const view = await loadTemplateView(db, { userId: caller.userId, membership }, template.id)
  const header = readBulkHeader(bulkColumnsOf(view), sheet.header)
  if ('problem' in header) {
    const why = {
      unknown_column: 'the template has no such column',
      missing_column: 'the column is missing',
      column_twice: 'the column is there twice',
    }[header.problem]
    throw new ApiError(422, `bulk_send.${header.problem}`, `${header.column}: ${why}`, {
      field: header.column,
    })
  }
  const { valid, errors } = checkBulkRows(header.at, sheet.rows, sheet.firstRow)
  const refusedRows = [...new Set(errors.map((e) => e.row))]
  if (valid.length + refusedRows.length === 0)
    throw new ApiError(422, 'bulk_send.no_rows', 'The file has no rows under its header')
  if (!send) return { valid: valid.length, refused: refusedRows.length, errors }
  if (valid.length === 0)
    throw new ApiError(422, 'bulk_send.no_valid_rows', 'No row of the file can be sent', {
      field: errors[0]?.column,
    })
  const now = services.now()
  const id = await db.transaction(async (tx) => {
    const [bulk] = await tx
      .insert(bulkSends)
      .values({ ownerId: caller.userId, templateId, title: view.title, ip: caller.ip, createdAt: now })
      .returning({ id: bulkSends.id })
    if (bulk === undefined) throw new Error('insert returned no row')
    const rows = [
      ...valid.map(({ row, input }) => {
        const first = input.signers[0]?.signerIdentityData
        const who = [first?.firstName, first?.lastName].filter(Boolean).join(' ') || first?.emailAddress
        const title = `${view.title} – ${who}`.slice(0, titleMaxLength)
        return { bulkSendId: bulk.id, row, status: 'queued' as const, input: { ...input, title } }
      }),
      ...refusedRows.map((row) => ({
        bulkSendId: bulk.id,
        row,
        status: 'refused' as const,
        errors: errors.filter((e) => e.row === row),
      })),
    ]
    for (let at = 0; at < rows.length; at += chunk)
      await tx.insert(bulkSendRows).values(rows.slice(at, at + chunk))
    const jobs = valid.map(({ row }) => ({
      payload: { bulkSendId: bulk.id, row },
      key: bulkSendRowKey(bulk.id, row),
    }))
    for (let at = 0; at < jobs.length; at += chunk)
      await writeJobs(tx, bulkSendRowJob, jobs.slice(at, at + chunk), now)
    return bulk.id
  })
  services.jobs.wake(bulkSendRowJob)
  return loadBulkSendView(db, caller.userId, id)
}
