import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { signatureRequests, signatures } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import type { IdentificationOwner } from './identification-services.ts'

/**
 * The POST body's `signature_request_id`, checked against the caller: a user must sign or own that request,
 * a direct-link signer may name only the request of their link. Another's request is 404, never named.
 */
export async function checkIdentificationRequest(
  db: Pick<Database, 'select'>,
  owner: IdentificationOwner,
  signatureRequestId: string | undefined,
): Promise<string | undefined> {
  if (signatureRequestId === undefined) return undefined
  const id = signatureRequestId.toLowerCase()
  if (owner.kind === 'direct') {
    if (id !== owner.requestId) throw requestNotFound()
    return id
  }
  const [signer] = await db
    .select({ id: signatures.id })
    .from(signatures)
    .where(and(eq(signatures.requestId, id), eq(signatures.signerId, owner.userId)))
    .limit(1)
  if (signer !== undefined) return id
  const [own] = await db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(and(eq(signatureRequests.id, id), eq(signatureRequests.ownerId, owner.userId)))
    .limit(1)
  if (own === undefined) throw requestNotFound()
  return id
}

function requestNotFound(): ApiError {
  return new ApiError(
    404,
    'signature_request.not_found',
    'signature_request_id: no such signature request of yours',
    {
      field: 'signature_request_id',
    },
  )
}
