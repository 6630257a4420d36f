import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { users } from '../db/schema/accounts.ts'
import { bulkSendRows, bulkSends } from '../db/schema/bulk-sends.ts'
import { signatureRequests } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import type { JobHandler } from '../jobs/job-queue.ts'
import { sendSignatureRequest } from '../signature-requests/initiate-signature-request.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import { templateNotFound } from '../templates/find-template.ts'
import { draftFromTemplate } from '../templates/start-from-template.ts'

/** The job that starts and sends one row's request. */
export const bulkSendRowJob = 'bulk-send-row'

/** The key of row `row`'s job: a row has one job, however often its bulk send is written. */
export function bulkSendRowKey(bulkSendId: string, row: number): string {
  return `bulk-send:${bulkSendId}:${row}`
}

/**
 * The id of the request of row `row`: fixed by the bulk send and the row, so that a job run again after a crash
 * finds the request it made before instead of making a second.
 */
export function bulkRowRequestId(bulkSendId: string, row: number): string {
  const hex = createHash('sha256').update(`bulk-send-row:${bulkSendId}:${row}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

type RowJob = { bulkSendId: string; row: number }

/**
 * Runs a row of a bulk send: starts its request from the template in the owner's name under the row's fixed id
 * (unless an earlier run did), sends it (unless an earlier run did) and records it sent. A refusal (the template
 * gone, the owner's plan) records the row failed with why; anything else is a failed try, run again.
 */
export function bulkSendRowHandler(services: RequestServices): JobHandler {
  const { db } = services
  const statusOf = async (id: string) =>
    (
      await db
        .select({ status: signatureRequests.statusOverall })
        .from(signatureRequests)
        .where(eq(signatureRequests.id, id))
    )[0]?.status
  return async (payload) => {
    const { bulkSendId, row } = payload as RowJob
    const [found] = await db
      .select({ row: bulkSendRows, bulk: bulkSends, email: users.email })
      .from(bulkSendRows)
      .innerJoin(bulkSends, eq(bulkSends.id, bulkSendRows.bulkSendId))
      .innerJoin(users, eq(users.id, bulkSends.ownerId))
      .where(and(eq(bulkSendRows.bulkSendId, bulkSendId), eq(bulkSendRows.row, row)))
    if (found === undefined || found.row.status !== 'queued' || found.row.input === null) return undefined
    const { bulk } = found
    const caller = { userId: bulk.ownerId, email: found.email, ip: bulk.ip }
    const requestId = bulkRowRequestId(bulkSendId, row)
    const record = (set: Partial<typeof bulkSendRows.$inferInsert>) =>
      db
        .update(bulkSendRows)
        .set(set)
        .where(
          and(
            eq(bulkSendRows.bulkSendId, bulkSendId),
            eq(bulkSendRows.row, row),
            eq(bulkSendRows.status, 'queued'),
          ),
        )
    try {
      const before = await statusOf(requestId)
      if (before === undefined) {
        if (bulk.templateId === null) throw templateNotFound()
        await draftFromTemplate(
          services,
          caller,
          bulk.templateId,
          { ...found.row.input, send: false },
          { requestId },
        )
      }
      if (before === undefined || before === 'DRAFT') await sendSignatureRequest(services, caller, requestId)
      await record({ status: 'sent', requestId })
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500 || error.status === 429) throw error
      // Another run sent it meanwhile: it is sent all the same.
      const status = await statusOf(requestId)
      if (status !== undefined && status !== 'DRAFT') await record({ status: 'sent', requestId })
      else
        await record({
          status: 'failed',
          requestId: status === undefined ? null : requestId,
          error: `${error.code}: ${error.message}`,
        })
    }
    await db
      .update(bulkSends)
      .set({ finishedAt: services.now() })
      .where(
        and(
          eq(bulkSends.id, bulkSendId),
          sql`${bulkSends.finishedAt} is null`,
          sql`not exists (select 1 from ${bulkSendRows} where ${bulkSendRows.bulkSendId} = ${bulkSendId} and ${bulkSendRows.status} = 'queued')`,
        ),
      )
    return undefined
  }
}
