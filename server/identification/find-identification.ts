import { and, desc, eq } from 'drizzle-orm'
import { isPaidByBusiness } from '../businesses/payment-state.ts'
import type { Database } from '../db/open-database.ts'
import { identifications } from '../db/schema/identification.ts'
import { signatureRequests } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import type { IdentificationMethodParams } from './identification-method.ts'
import type { IdentificationOwner } from './identification-services.ts'

/** A row of the identifications table. */
export type IdentificationRow = typeof identifications.$inferSelect

/** The condition naming the owner's identifications. */
function ownedBy(owner: IdentificationOwner) {
  return owner.kind === 'user'
    ? eq(identifications.userId, owner.userId)
    : eq(identifications.signatureId, owner.signatureId)
}

/**
 * The owner's current appointment of this provider and mode: their latest one, unless it was cancelled. Once the
 * latest is given up, none is current; an earlier one that ended (a failure, say) is not current again.
 */
export async function findCurrentIdentification(
  db: Pick<Database, 'select'>,
  owner: IdentificationOwner,
  method: IdentificationMethodParams,
): Promise<IdentificationRow | undefined> {
  const [row] = await db
    .select()
    .from(identifications)
    .where(
      and(
        ownedBy(owner),
        eq(identifications.provider, method.provider),
        eq(identifications.mode, method.mode),
      ),
    )
    .orderBy(desc(identifications.createdAt))
    .limit(1)
  return row?.status === 'cancelled' ? undefined : row
}

/** 404 for an appointment the caller has not got; another user's are never named. */
export function identificationNotFound(): ApiError {
  return new ApiError(
    404,
    'identification.not_found',
    'No identification of yours with this provider and mode',
  )
}

/**
 * Whether a business pays for the owner's identification: the user's, or for a direct-link signer the
 * business of the request's owner, when it is in good standing.
 */
export async function isCovered(
  db: Pick<Database, 'select'>,
  owner: IdentificationOwner,
  now: Date,
): Promise<boolean> {
  if (owner.kind === 'user') return isPaidByBusiness(db, owner.userId, now)
  const [request] = await db
    .select({ ownerId: signatureRequests.ownerId })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, owner.requestId))
  return request !== undefined && (await isPaidByBusiness(db, request.ownerId, now))
}
