import { and, eq } from 'drizzle-orm'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { administersApiSender } from './caller-takes-part.ts'
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
  const { isOwner, ownSignature } = callerPart(request, rows, caller)
  return { request, signatures: rows, isOwner, ownSignature }
}

/**
 * The request `id` as {@link findRequest} finds it, or for reading alone: an admin of the business whose API
 * user sent it reads it without taking part (issue 39); anyone else 404.
 */
export async function findReadableRequest(db: Queryable, caller: Caller, id: string): Promise<FoundRequest> {
  if (!isUuid(id)) throw requestNotFound()
  const [request] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, id))
  if (request === undefined) throw requestNotFound()
  const rows = await db.select().from(signatures).where(eq(signatures.requestId, id))
  const { isOwner, ownSignature } = await readerPart(db, request, rows, caller)
  return { request, signatures: rows, isOwner, ownSignature }
}

/**
 * The caller's part in a request they read: as {@link callerPart}, else none for an admin of the business whose
 * API user sent it; 404 `signature_request.not_found` for anyone else.
 */
export async function readerPart<Signature extends CallerSignature>(
  db: Queryable,
  request: Pick<RequestRow, 'id' | 'ownerId' | 'ownerRemovedAt' | 'statusOverall'>,
  rows: readonly Signature[],
  caller: Caller,
): Promise<{ isOwner: boolean; ownSignature: Signature | undefined }> {
  try {
    return callerPart(request, rows, caller)
  } catch (error) {
    const [admin] = await db
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(and(eq(signatureRequests.id, request.id), administersApiSender(db, caller)))
    if (admin === undefined) throw error
    return { isOwner: false, ownSignature: undefined }
  }
}

/**
 * The caller's part in a request with these signatures: whether they own it, and their own signature when
 * they sign it; 404 `signature_request.not_found` when neither (they may not know of it).
 */
function callerPart<Signature extends CallerSignature>(
  request: Pick<RequestRow, 'ownerId' | 'ownerRemovedAt' | 'statusOverall'>,
  rows: readonly Signature[],
  caller: Caller,
): { isOwner: boolean; ownSignature: Signature | undefined } {
  const isOwner = request.ownerId === caller.userId && request.ownerRemovedAt === null
  // A draft is its owner's alone: a signer takes part once it is sent and they are invited.
  const ownSignature =
    request.statusOverall === 'DRAFT'
      ? undefined
      : rows.find((s) => isSignatureOf(s, caller) && s.removedAt === null)
  if (!isOwner && ownSignature === undefined) throw requestNotFound()
  return { isOwner, ownSignature }
}

/** What {@link callerPart} reads of a signature: whose it is and whether it was removed (a row, or its JSON). */
type CallerSignature = Pick<SignatureRow, 'signerId' | 'accountEmail' | 'groupId'> & {
  removedAt: Date | string | null
}
