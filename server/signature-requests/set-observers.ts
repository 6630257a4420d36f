import { and, eq, notInArray } from 'drizzle-orm'
import { signatureRequestObservers } from '../db/schema/signature-requests.ts'
import type { Queryable } from './load-requests.ts'

/**
 * Makes `emails` (lower case, each once) the observers of request `requestId`: new ones are added, the ones
 * left out removed, and the ones kept keep their read-only link.
 */
export async function setObservers(
  tx: Queryable,
  requestId: string,
  emails: readonly string[],
): Promise<void> {
  const ofRequest = eq(signatureRequestObservers.requestId, requestId)
  await tx
    .delete(signatureRequestObservers)
    .where(
      emails.length === 0
        ? ofRequest
        : and(ofRequest, notInArray(signatureRequestObservers.email, [...emails])),
    )
  if (emails.length === 0) return
  await tx
    .insert(signatureRequestObservers)
    .values(emails.map((email) => ({ requestId, email })))
    .onConflictDoNothing()
}
