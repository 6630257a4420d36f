import { eq } from 'drizzle-orm'
import { signatureRequests, signatures } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { isSignatureOf, type Queryable, type RequestRow, type SignatureRow } from './load-requests.ts'
import type { Caller } from './request-services.ts'

/** A request the caller may see, with its signers and the caller's part in it. */
export type FoundRequest = {
  request: RequestRow
  signatures: SignatureRow[]
  isOwner: boolean
  /** The caller's own signature, when they sign. */
  ownSignature: SignatureRow | undefined
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `id` can be a row id at all; anything else is answered 404 without asking the database. */
export function isUuid(id: string): boolean {
  return uuidPattern.test(id)
}

/** The error for a request that does not exist or that the caller may not know of: the same 404 for both. */
export function requestNotFound(): ApiError {
  return new ApiError(404, 'signature_request.not_found', 'No such signature request')
}

/**
 * The request `id` if the caller owns it, or signs it once it is sent, and has not taken it off their list, else 404
 * `signature_request.not_found`. With
 * `forUpdate` the request row is locked until the transaction `db` ends, so events apply one at a time.
 */
export async function findRequest(
  db: Queryable,
  caller: Caller,
  id: string,
  forUpdate = false,
): Promise<FoundRequest> {
  if (!isUuid(id)) throw requestNotFound()
  const query = db.select().from(signatureRequests).where(eq(signatureRequests.id, id))
  const [request] = forUpdate ? await query.for('update') : await query
  if (request === undefined) throw requestNotFound()
  const rows = await db.select().from(signatures).where(eq(signatures.requestId, id))
  const isOwner = request.ownerId === caller.userId && request.ownerRemovedAt === null
  // A draft is its owner's alone: a signer takes part once it is sent and they are invited.
  const ownSignature =
    request.statusOverall === 'DRAFT'
      ? undefined
      : rows.find((s) => isSignatureOf(s, caller) && s.removedAt === null)
  if (!isOwner && ownSignature === undefined) throw requestNotFound()
  return { request, signatures: rows, isOwner, ownSignature }
}
