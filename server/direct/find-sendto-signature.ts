import { timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { hashToken } from '../accounts/hash-token.ts'
import { signatures } from '../db/schema.ts'
import { ApiError } from '../http/api-error.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import type { Queryable, SignatureRow } from '../signature-requests/load-requests.ts'

/**
 * The signature `id` if `token` is the secret of its current direct link, else 404: the signed-in caller
 * learns nothing of links they do not hold, and is not signed out as a 401 would do.
 */
export async function findSendtoSignature(
  db: Queryable,
  id: string,
  token: string | undefined,
): Promise<SignatureRow> {
  if (!isUuid(id) || token === undefined || token === '') throw sendtoNotFound()
  const [signature] = await db.select().from(signatures).where(eq(signatures.id, id))
  const stored = signature?.directTokenHash
  if (
    signature === undefined ||
    stored === null ||
    stored === undefined ||
    !timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(hashToken(token), 'hex'))
  ) {
    throw sendtoNotFound()
  }
  return signature
}

function sendtoNotFound(): ApiError {
  return new ApiError(404, 'signature_request.not_found', 'This link is not valid (any more)')
}
