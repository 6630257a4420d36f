import { and, eq, notInArray } from 'drizzle-orm'
import { users } from '../db/schema/accounts.ts'
import { signerGroupMembers } from '../db/schema/businesses.ts'
import { signatureRequestObserverGroups, signatureRequestObservers } from '../db/schema/signature-requests.ts'
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

/**
 * Makes `groupIds` (checked to be the sender's business's) the signer groups observing request `requestId`: new
 * ones are added, the ones left out removed, the ones kept keep when they were added.
 */
export async function setObserverGroups(
  tx: Queryable,
  requestId: string,
  groupIds: readonly string[],
  now: Date,
): Promise<void> {
  const ofRequest = eq(signatureRequestObserverGroups.requestId, requestId)
  await tx
    .delete(signatureRequestObserverGroups)
    .where(
      groupIds.length === 0
        ? ofRequest
        : and(ofRequest, notInArray(signatureRequestObserverGroups.groupId, [...groupIds])),
    )
  if (groupIds.length === 0) return
  await tx
    .insert(signatureRequestObserverGroups)
    .values(groupIds.map((groupId) => ({ requestId, groupId, createdAt: now })))
    .onConflictDoNothing()
}

/**
 * Every member of each group observing request `requestId` becomes an observer by their address, as the request
 * is signed: the members then are the ones who get the signed documents and a read-only link of their own.
 */
export async function observeAsGroupMembers(tx: Queryable, requestId: string): Promise<void> {
  const members = await tx
    .select({ email: users.email })
    .from(signatureRequestObserverGroups)
    .innerJoin(signerGroupMembers, eq(signerGroupMembers.groupId, signatureRequestObserverGroups.groupId))
    .innerJoin(users, eq(users.id, signerGroupMembers.userId))
    .where(eq(signatureRequestObserverGroups.requestId, requestId))
  if (members.length === 0) return
  await tx
    .insert(signatureRequestObservers)
    .values(members.map(({ email }) => ({ requestId, email: email.toLowerCase() })))
    .onConflictDoNothing()
}
