import { and, asc, eq, sql } from 'drizzle-orm'
import type { BulkRowError, BulkRowStatus, BulkSendView } from '../../contract/bulk-sends.ts'
import { bulkSendRows, bulkSends } from '../db/schema/bulk-sends.ts'
import { ApiError } from '../http/api-error.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'

const notFound = () => new ApiError(404, 'bulk_send.not_found', 'No such bulk send of yours')

/** The caller's bulk send `id` (404 `bulk_send.not_found` for anyone else's): its rows counted by where they stand. */
export async function loadBulkSendView(db: Queryable, userId: string, id: string): Promise<BulkSendView> {
  if (!isUuid(id)) throw notFound()
  const [bulk] = await db
    .select()
    .from(bulkSends)
    .where(and(eq(bulkSends.id, id), eq(bulkSends.ownerId, userId)))
  if (bulk === undefined) throw notFound()
  const counts = await db
    .select({ status: bulkSendRows.status, count: sql<number>`count(*)::int` })
    .from(bulkSendRows)
    .where(eq(bulkSendRows.bulkSendId, id))
    .groupBy(bulkSendRows.status)
  const count = (status: BulkRowStatus) => counts.find((c) => c.status === status)?.count ?? 0
  const refused = await db
    .select({ errors: bulkSendRows.errors })
    .from(bulkSendRows)
    .where(and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.status, 'refused')))
    .orderBy(asc(bulkSendRows.row))
  const errors: BulkRowError[] = refused.flatMap((r) => r.errors ?? [])
  return {
    id: bulk.id,
    templateId: bulk.templateId,
    title: bulk.title,
    total: counts.reduce((sum, c) => sum + c.count, 0),
    queued: count('queued'),
    sent: count('sent'),
    failed: count('failed'),
    refused: count('refused'),
    errors,
    createdAt: bulk.createdAt.toISOString(),
    finishedAt: bulk.finishedAt?.toISOString() ?? null,
  }
}

/** One row of a bulk send's result, as its CSV lists it. */
export type BulkResultRow = { row: number; requestId: string; status: string; error: string }

/** The rows of the caller's bulk send `id` in file order (after {@link loadBulkSendView} found it), a page at a time. */
export async function* bulkResultRows(db: Queryable, id: string): AsyncGenerator<BulkResultRow> {
  const page = 1000
  for (let after = 0; ; ) {
    const rows = await db
      .select()
      .from(bulkSendRows)
      .where(and(eq(bulkSendRows.bulkSendId, id), sql`${bulkSendRows.row} > ${after}`))
      .orderBy(asc(bulkSendRows.row))
      .limit(page)
    for (const row of rows) {
      yield {
        row: row.row,
        requestId: row.requestId ?? '',
        status: row.status,
        error:
          row.error ??
          (row.errors ?? []).map((e) => `${e.column}: ${e.problem.replace('_', ' ')}`).join('; '),
      }
    }
    if (rows.length < page) return
    after = rows.at(-1)?.row ?? after
  }
}
