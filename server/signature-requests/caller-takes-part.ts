import { and, eq, exists, isNull, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { apiUsers, businessMembers } from '../db/schema/businesses.ts'
import { signatureRequestListings, signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import type { Queryable } from './load-requests.ts'
import type { Caller } from './request-services.ts'

/**
 * The SQL condition that the caller takes part in the request of the row at hand (`signature_requests`),
 * which is who may see a request and what it holds: it is on their list (see `signatureRequestListings`, where
 * a draft is only its owner's), or for a direct-link signer, who has no account, it holds their signature, not
 * removed, and has been sent. An admin of the business whose API user sent it reads it too
 * ({@link administersApiSender}).
 */
export function callerTakesPart(db: Queryable, caller: Caller): SQL | undefined {
  const signatureId = caller.signatureId
  if (signatureId !== undefined) {
    return exists(
      db
        .select({ one: sql`1` })
        .from(signatures)
        .where(
          and(
            eq(signatures.id, signatureId),
            eq(signatures.requestId, signatureRequests.id),
            isNull(signatures.removedAt),
            ne(signatureRequests.statusOverall, 'DRAFT'),
          ),
        ),
    )
  }
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(signatureRequestListings)
        .where(
          and(
            eq(signatureRequestListings.userId, caller.userId),
            eq(signatureRequestListings.requestId, signatureRequests.id),
          ),
        ),
    ),
    administersApiSender(db, caller),
  )
}

/**
 * The SQL condition that the caller is an admin of the business whose API user owns the request at hand
 * (`signature_requests`): such an admin sees the business's API requests in the list (issue 39) and may read
 * them, never change them. Never true for a direct-link signer.
 */
export function administersApiSender(db: Queryable, caller: Caller): SQL {
  if (caller.signatureId !== undefined) return sql`false`
  return exists(
    db
      .select({ one: sql`1` })
      .from(apiUsers)
      .innerJoin(businessMembers, eq(businessMembers.businessId, apiUsers.businessId))
      .where(
        and(
          eq(apiUsers.userId, signatureRequests.ownerId),
          eq(businessMembers.userId, caller.userId),
          eq(businessMembers.role, 'admin'),
        ),
      ),
  )
}

/**
 * The SQL condition that the signature row at hand (`signatures`) is the caller's: a signature of a group they
 * belong to (`groupIds`, an array parameter), else by its account when it has one, else by the address it was
 * sent to, as `isSignatureOf` decides in code. Never null, so it can be negated.
 */
export function signedByCaller(caller: {
  userId: string | SQLWrapper
  email: string | SQLWrapper
  groupIds: SQLWrapper
}): SQL {
  return sql`(coalesce(${signatures.groupId} = any(${caller.groupIds}::uuid[]), false)
    or coalesce(${signatures.signerId} = ${caller.userId}, ${signatures.accountEmail} = ${caller.email}))`
}
