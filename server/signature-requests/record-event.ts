import { signatureRequestEvents } from '../db/schema.ts'
import type { Queryable } from './load-requests.ts'
import type { Caller } from './request-services.ts'

/** What the audit trail records: `created`, `document_added`, `initiated`, `withdrawn`, `declined`, `reminded`. */
export type RequestEventType =
  | 'created'
  | 'document_added'
  | 'initiated'
  | 'withdrawn'
  | 'declined'
  | 'reminded'

/** Appends one entry to a request's audit trail: who, what, when and from which address. */
export async function recordEvent(
  db: Queryable,
  requestId: string,
  caller: Caller,
  type: RequestEventType,
  at: Date,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insert(signatureRequestEvents)
    .values({ requestId, actorId: caller.userId, type, detail, ip: caller.ip, createdAt: at })
}
