import { asc, eq } from 'drizzle-orm'
import type { SignatureRequestEventList } from '../../contract/signature-requests.ts'
import { signatureRequestEvents, users } from '../db/schema.ts'
import { findRequest } from './find-request.ts'
import type { Caller, RequestServices } from './request-services.ts'

/** GET .../events: the audit trail, oldest first, for the owner and the signers (else 404). */
export async function listRequestEvents(
  services: Pick<RequestServices, 'db'>,
  caller: Caller,
  id: string,
): Promise<SignatureRequestEventList> {
  const { request } = await findRequest(services.db, caller, id)
  const rows = await services.db
    .select({ event: signatureRequestEvents, actorEmail: users.email })
    .from(signatureRequestEvents)
    .leftJoin(users, eq(users.id, signatureRequestEvents.actorId))
    .where(eq(signatureRequestEvents.requestId, request.id))
    .orderBy(asc(signatureRequestEvents.createdAt), asc(signatureRequestEvents.seq))
  return {
    events: rows.map(({ event, actorEmail }) => ({
      id: event.id,
      type: event.type,
      actorEmail,
      detail: event.detail,
      ip: event.ip,
      createdAt: event.createdAt.toISOString(),
    })),
  }
}
