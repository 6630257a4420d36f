import { count, eq } from 'drizzle-orm'
import type { SendtoSummary } from '../../contract/direct.ts'
import { users } from '../db/schema/accounts.ts'
import { signatureRequestDocuments, signatureRequests } from '../db/schema/signature-requests.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import { findSendtoSignature } from './find-sendto-signature.ts'

/**
 * GET /v3/sendto/{id}/get-internal: what the direct link of signature `id` is for, shown to a signed-in
 * user who holds it (the link's token) before they claim it.
 */
export async function getSendto(
  services: RequestServices,
  id: string,
  token: string | undefined,
): Promise<SendtoSummary> {
  const signature = await findSendtoSignature(services.db, id, token)
  const [request] = await services.db
    .select({
      title: signatureRequests.title,
      statusOverall: signatureRequests.statusOverall,
      senderEmail: users.email,
    })
    .from(signatureRequests)
    .innerJoin(users, eq(users.id, signatureRequests.ownerId))
    .where(eq(signatureRequests.id, signature.requestId))
  const [documentsCount] = await services.db
    .select({ value: count() })
    .from(signatureRequestDocuments)
    .where(eq(signatureRequestDocuments.requestId, signature.requestId))
  if (request === undefined) throw new Error(`request ${signature.requestId} of signature ${id} is missing`)
  return {
    signatureId: signature.id,
    signatureRequestId: signature.requestId,
    title: request.title,
    senderEmail: request.senderEmail,
    documentsCount: documentsCount?.value ?? 0,
    signerEmail: signature.accountEmail,
    statusOverall: request.statusOverall,
    signatureStatus: signature.status,
  }
}
