import { eq } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { requestNotFound } from '../signature-requests/find-request.ts'
import type { RequestRow, SignatureRow } from '../signature-requests/load-requests.ts'
import { decideSign } from '../signing/decide-sign.ts'
import type { DirectCaller } from './authenticate-direct.ts'

/**
 * Asks the lifecycle machine, without writing anything, whether the direct-link signer may sign now: 409
 * with the machine's code when not (the request is no longer open, they signed or declined already).
 * Answers the request and the signer's signature.
 */
export async function assertCanSign(
  db: Database,
  direct: DirectCaller,
): Promise<{ request: RequestRow; signature: SignatureRow }> {
  const [request] = await db
    .select()
    .from(signatureRequests)
    .where(eq(signatureRequests.id, direct.requestId))
  const rows = await db.select().from(signatures).where(eq(signatures.requestId, direct.requestId))
  const signature = rows.find((row) => row.id === direct.signatureId)
  if (request === undefined || signature === undefined) throw requestNotFound()
  decideSign(request, rows, direct.signatureId)
  return { request, signature }
}
