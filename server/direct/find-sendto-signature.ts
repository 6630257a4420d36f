import { and, eq } from 'drizzle-orm'
import { hashToken } from '../accounts/hash-token.ts'
import { directLinks, signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import type { Queryable, SignatureRow } from '../signature-requests/load-requests.ts'

/**
 * The signature `id` if `token` is the secret of one of its direct links, else 404: the signed-in caller
 * learns nothing of links they do not hold, and is not signed out as a 401 would do.
 */
export async function findSendtoSignature(
  db: Queryable,
  id: string,
  token: string | undefined,
): Promise<SignatureRow> {
  if (!isUuid(id) || token === undefined || token === '') throw sendtoNotFound()
  // Found by the token's hash, as a direct-link call is: the ids are not secret, the token is.
  const [found] = await db
    .select({ signature: signatures })
    .from(directLinks)
    .innerJoin(signatures, eq(signatures.id, directLinks.signatureId))
    .where(and(eq(directLinks.tokenHash, hashToken(token)), eq(directLinks.signatureId, id)))
  if (found === undefined) throw sendtoNotFound()
  return found.signature
}

function sendtoNotFound(): ApiError {
  return new ApiError(404, 'signature_request.not_found', 'This link is not valid (any more)')
}
