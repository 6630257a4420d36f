import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { queueRequestCallbacks } from '../api-users/request-callbacks.ts'
import { signatureRequestEvents, signatureRequests } from '../db/schema/signature-requests.ts'
import type { Queryable } from './load-requests.ts'
import type { Caller } from './request-services.ts'

/**
 * What the audit trail records: `created`, `document_added`, `initiated`, `withdrawn`, `declined`,
 * `reminded`, `claimed` (a direct-link signature moved onto an account), `updated` (title or message),
 * `document_removed`, `signer_added`, `signer_removed` (by the sender, or a signer leaving), `fields_placed` (where a signer signs), `delegated`,
 * `attachment_added`, `attachment_removed`, `signed` (a signer signed every document), `turn_started` (the signers of the next turn
 * of a request in order were asked), `expired` (its expiry passed while open). An automatic reminder is `reminded` by nobody, with `automatic` in its detail.
 */
export type RequestEventType =
  | 'created'
  | 'document_added'
  | 'initiated'
  | 'withdrawn'
  | 'declined'
  | 'reminded'
  | 'claimed'
  | 'updated'
  | 'document_removed'
  | 'signer_added'
  | 'signer_removed'
  | 'fields_placed'
  | 'delegated'
  | 'attachment_added'
  | 'attachment_removed'
  | 'signed'
  | 'turn_started'
  | 'expired'

/**
 * Appends one entry to a request's audit trail: who, what, when and from which address. A direct-link
 * signer has no account to point at, so their entry names them by the address their link was sent to; what the
 * server does on its own clock (expiry, automatic reminders) has no `caller` and names nobody. The
 * callbacks an API user asked for when it sent the request are queued with it.
 */
export async function recordEvent(
  db: Queryable,
  requestId: string,
  caller: Caller | null,
  type: RequestEventType,
  at: Date,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const direct = caller?.signatureId !== undefined
  const id = randomUUID()
  // The request's callbacks come back with the entry: one round trip for both.
  const of = (column: AnyPgColumn) =>
    sql`(select ${column} from ${signatureRequests} where ${signatureRequests.id} = ${requestId})`
  const [request] = await db
    .insert(signatureRequestEvents)
    .values({
      id,
      requestId,
      actorId: direct ? null : (caller?.userId ?? null),
      type,
      detail: direct ? { ...detail, signerEmail: caller?.email } : detail,
      ip: caller?.ip ?? null,
      createdAt: at,
    })
    .returning({
      callbacks: of(signatureRequests.callbacks).mapWith(signatureRequests.callbacks),
      ownerId: of(signatureRequests.ownerId).mapWith(signatureRequests.ownerId),
      statusOverall: of(signatureRequests.statusOverall).mapWith(signatureRequests.statusOverall),
    })
  await queueRequestCallbacks(db, requestId, request, { id, type }, at)
}
