import { and, eq } from 'drizzle-orm'
import type { Legislation } from '../../contract/signature-qualities.ts'
import type { Database } from '../db/open-database.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
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
  if (!(await maySee(db, owner, id))) throw requestNotFound('signature_request_id')
  return id
}

/**
 * The legislation of a request the caller may see (as {@link checkIdentificationRequest} says), for the
 * payment call's `{id}`: 404 for another's request or an unknown one alike, 422 naming `id` when the request
 * names no legislation (the signer chooses one, and then asks for that legislation).
 */
export async function identificationRequestLegislation(
  db: Pick<Database, 'select'>,
  owner: IdentificationOwner,
  signatureRequestId: string,
): Promise<Legislation> {
  const id = signatureRequestId.toLowerCase()
  if (!(await maySee(db, owner, id))) throw requestNotFound('id')
  const [request] = await db
    .select({ legislation: signatureRequests.legislation })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, id))
  if (request === undefined) throw requestNotFound('id')
  if (request.legislation === null)
    throw new ApiError(
      422,
      'identification.legislation_required',
      'id: this signature request names no legislation; ask for the one chosen (eidas or zertes)',
      { field: 'id' },
    )
  return request.legislation
}

async function maySee(db: Pick<Database, 'select'>, owner: IdentificationOwner, id: string) {
  if (owner.kind === 'direct') return id === owner.requestId
  const [signer] = await db
    .select({ id: signatures.id })
    .from(signatures)
    .where(and(eq(signatures.requestId, id), eq(signatures.signerId, owner.userId)))
    .limit(1)
  if (signer !== undefined) return true
  const [own] = await db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(and(eq(signatureRequests.id, id), eq(signatureRequests.ownerId, owner.userId)))
    .limit(1)
  return own !== undefined
}

function requestNotFound(field: string): ApiError {
  return new ApiError(404, 'signature_request.not_found', `${field}: no such signature request of yours`, {
    field,
  })
}
