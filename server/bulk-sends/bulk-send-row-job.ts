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
import { draftFromTemplate, type UsableTemplate, usableTemplate } from '../templates/start-from-template.ts'

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

/** How many bulk sends' templates a process keeps read at once. */
const templatesKept = 16

/**
 * Runs a row of a bulk send: starts its request from the template in the owner's name under the row's fixed id
 * (unless an earlier run did), sends it (unless an earlier run did) and records it sent. A refusal (the template
 * gone, the owner's plan) records the row failed with why; anything else is a failed try, run again.
 *
 * The template (its row, documents, roles, and the owner's right to use it) is read once per bulk send in each
 * process, not for every row: the rows were checked against it as it stood when the bulk send was written, and a
 * row's copies of its documents are still made under the template's lock, so a template deleted meanwhile fails
 * the rows left. A process that starts again reads it again; nothing of a row's progress is kept here.
 */
export function bulkSendRowHandler(services: RequestServices): JobHandler {
  const { db } = services
  const templates = new Map<string, Promise<UsableTemplate>>()
  const templateOf = (bulkSendId: string, ownerId: string, templateId: string) => {
    let usable = templates.get(bulkSendId)
    if (usable === undefined) {
      usable = usableTemplate(services, { userId: ownerId }, templateId)
      // A refusal or a failure is read again by the next row, not kept.
      usable.catch(() => templates.delete(bulkSendId))
      templates.set(bulkSendId, usable)
      for (const oldest of templates.keys()) {
        if (templates.size <= templatesKept) break
        templates.delete(oldest)
      }
    }
    return usable
  }
  const statusOf = async (id: string) =>
    (
      await db
        .select({ status: signatureRequests.statusOverall })
        .from(signatureRequests)
        .where(eq(signatureRequests.id, id))
    )[0]?.status
  return async (payload) => {
    const { bulkSendId, row } = payload as RowJob
    const requestId = bulkRowRequestId(bulkSendId, row)
    // With the row, its request as an earlier run may have left it.
    const [found] = await db
      .select({
        row: bulkSendRows,
        bulk: bulkSends,
        email: users.email,
        before: signatureRequests.statusOverall,
      })
      .from(bulkSendRows)
      .innerJoin(bulkSends, eq(bulkSends.id, bulkSendRows.bulkSendId))
      .innerJoin(users, eq(users.id, bulkSends.ownerId))
      .leftJoin(signatureRequests, eq(signatureRequests.id, requestId))
      .where(and(eq(bulkSendRows.bulkSendId, bulkSendId), eq(bulkSendRows.row, row)))
    if (found === undefined || found.row.status !== 'queued' || found.row.input === null) return undefined
    const { bulk } = found
    const caller = { userId: bulk.ownerId, email: found.email, ip: bulk.ip, groupIds: [] }
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
    const before = found.before ?? undefined
    try {
      if (before === undefined) {
        if (bulk.templateId === null) throw templateNotFound()
        await draftFromTemplate(
          services,
          caller,
          bulk.templateId,
          { ...found.row.input, send: false },
          { requestId, usable: await templateOf(bulkSendId, bulk.ownerId, bulk.templateId) },
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
    const finished = await db
      .update(bulkSends)
      .set({ finishedAt: services.now() })
      .where(
        and(
          eq(bulkSends.id, bulkSendId),
          sql`${bulkSends.finishedAt} is null`,
          sql`not exists (select 1 from ${bulkSendRows} where ${bulkSendRows.bulkSendId} = ${bulkSendId} and ${bulkSendRows.status} = 'queued')`,
        ),
      )
      .returning({ id: bulkSends.id })
    if (finished.length > 0) templates.delete(bulkSendId)
    return undefined
  }
}
