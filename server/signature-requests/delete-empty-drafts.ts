import { and, eq, exists, lt, not, sql } from 'drizzle-orm'
import { signatureRequestDocuments, signatureRequests } from '../db/schema/signature-requests.ts'
import { deleteRequestRows } from './delete-signature-request.ts'
import { releaseStoredFiles } from './release-stored-files.ts'
import type { RequestServices } from './request-services.ts'

/** How long a draft may stay without a document before it is taken away: an upload left half-way. */
export const emptyDraftLifetimeMs = 24 * 60 * 60 * 1000

/** A draft that holds no document, the condition on the `signature_requests` row at hand. */
function isEmptyDraft(requestId = signatureRequests.id) {
  return and(
    eq(signatureRequests.statusOverall, 'DRAFT'),
    not(
      exists(
        sql`(select 1 from ${signatureRequestDocuments} where ${signatureRequestDocuments.requestId} = ${requestId})`,
      ),
    ),
  )
}

/**
 * Deletes every draft made more than a day ago that still holds no document (an upload that was refused,
 * cut off or left), with what it holds; answers how many went. Each goes in its own transaction, checked
 * again under the row's lock, so a document that lands meanwhile keeps its draft.
 */
export async function deleteEmptyDrafts(
  services: Pick<RequestServices, 'db' | 'now' | 'storage' | 'logger'>,
): Promise<number> {
  const before = new Date(services.now().getTime() - emptyDraftLifetimeMs)
  const stale = await services.db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(and(isEmptyDraft(), lt(signatureRequests.createdAt, before)))
  let deleted = 0
  for (const { id } of stale) {
    const files = await services.db.transaction(async (tx) => {
      const [still] = await tx
        .select({ id: signatureRequests.id })
        .from(signatureRequests)
        .where(and(eq(signatureRequests.id, id), isEmptyDraft(), lt(signatureRequests.createdAt, before)))
        .for('update')
      return still === undefined ? undefined : deleteRequestRows(tx, id)
    })
    if (files === undefined) continue
    deleted++
    await releaseStoredFiles(services, files)
  }
  if (deleted > 0) services.logger.info({ deleted }, 'empty drafts deleted')
  return deleted
}
