import { eq, sql } from 'drizzle-orm'
import type { SignatureRequestEventList } from '../../contract/signature-requests.ts'
import type { Database } from '../db/open-database.ts'
import { preparedPerDatabase } from '../db/prepared-per-database.ts'
import { users } from '../db/schema/accounts.ts'
import { signatureRequestEvents, signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { isUuid, readerPart, requestNotFound } from './find-request.ts'
import type { Caller, RequestServices } from './request-services.ts'

type GatheredEvent = {
  id: string
  type: string
  actorEmail: string | null
  detail: Record<string, unknown>
  ip: string | null
  createdAt: string
}

/**
 * A request with what decides who may see it (its signers, gathered into JSON) and its events, oldest first,
 * with each actor's address: the call's one query, where the request lookup and the events took three.
 * The subqueries name `signature_requests` outright, as the request views do.
 */
const requestEventsQuery = preparedPerDatabase((db: Database) =>
  db
    .select({
      ownerId: signatureRequests.ownerId,
      ownerRemovedAt: signatureRequests.ownerRemovedAt,
      statusOverall: signatureRequests.statusOverall,
      signatures: sql<
        { signerId: string | null; accountEmail: string; removedAt: string | null; groupId: string | null }[]
      >`(
        select coalesce(json_agg(json_build_object(
          'signerId', s.signer_id, 'accountEmail', s.account_email, 'removedAt', s.removed_at,
          'groupId', s.group_id
        )), '[]')
        from ${signatures} s where s.request_id = signature_requests.id)`,
      events: sql<GatheredEvent[]>`(
        select coalesce(json_agg(json_build_object(
          'id', e.id, 'type', e.type, 'actorEmail', coalesce(u.email, e.detail->>'signerEmail'),
          'detail', e.detail, 'ip', e.ip,
          'createdAt', e.created_at
        ) order by e.created_at, e.seq), '[]')
        from ${signatureRequestEvents} e left join ${users} u on u.id = e.actor_id
        where e.request_id = signature_requests.id)`,
    })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, sql.placeholder('id')))
    .prepare('request_events'),
)

/**
 * GET .../events: the audit trail, oldest first, for the owner and the signers, and for reading an admin of the
 * business whose API user sent it (else 404). Each entry names
 * who acted: the account's address, or a direct-link signer's (recorded with the entry, record-event.ts).
 */
export async function listRequestEvents(
  services: Pick<RequestServices, 'db'>,
  caller: Caller,
  id: string,
): Promise<SignatureRequestEventList> {
  if (!isUuid(id)) throw requestNotFound()
  const [found] = await requestEventsQuery(services.db).execute({ id })
  if (found === undefined) throw requestNotFound()
  await readerPart(services.db, { ...found, id }, found.signatures, caller)
  return {
    events: found.events.map((event) => ({ ...event, createdAt: new Date(event.createdAt).toISOString() })),
  }
}
