import { and, eq, exists, isNull, or, type SQL, sql } from 'drizzle-orm'
import { signatureRequests, signatures } from '../db/schema.ts'
import type { Queryable } from './load-requests.ts'
import type { Caller } from './request-services.ts'

/**
 * The SQL condition that the caller owns the request of the row at hand (`signature_requests`) or signs
 * it, by account or by the address it was sent to, and has not taken it off their list: who may see a
 * request and what it holds.
 */
export function callerTakesPart(db: Queryable, caller: Caller): SQL | undefined {
  return or(
    and(eq(signatureRequests.ownerId, caller.userId), isNull(signatureRequests.ownerRemovedAt)),
    exists(
      db
        .select({ one: sql`1` })
        .from(signatures)
        .where(
          and(
            eq(signatures.requestId, signatureRequests.id),
            isNull(signatures.removedAt),
            or(eq(signatures.signerId, caller.userId), eq(signatures.accountEmail, caller.email)),
          ),
        ),
    ),
  )
}
