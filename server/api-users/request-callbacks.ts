import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { and, asc, eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { RequestCallback, RequestCallbacks } from '../../contract/api-users.ts'
import { toSnakeCase } from '../../contract/case.ts'
import type { CreateSignatureRequest } from '../../contract/signature-requests.ts'
import type { Database } from '../db/open-database.ts'
import { apiUsers } from '../db/schema/businesses.ts'
import { jobs } from '../db/schema/jobs.ts'
import type { signatureRequests } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { signWebhook } from '../http/webhook-signature.ts'
import { type JobHandler, type JobWriter, retryDelayMs, writeJob } from '../jobs/job-queue.ts'
import type { RequestEventType } from '../signature-requests/record-event.ts'

/** The job kind of one callback post. */
export const requestCallbackJob = 'api.request_callback'
/** The header that carries a callback's signature. */
const callbackSignatureHeader = 'Signet-Signature'

const callbackKinds = ['success', 'error', 'update'] as const

const payloadSchema = v.object({
  url: v.string(),
  ownerId: v.string(),
  /** Which of the request's URLs it is (jobs queued before it was kept have none). */
  kind: v.optional(v.picklist(callbackKinds)),
  callback: v.object({
    eventId: v.string(),
    signatureRequestId: v.string(),
    event: v.string(),
    statusOverall: v.string(),
    occurredAt: v.string(),
  }),
})

/**
 * The callback URLs of a new request, when its sender is an API user (only API users have a secret to sign
 * them with): null when none is given; 400 naming the field when a person gives one.
 */
export async function requestCallbacks(
  db: Pick<Database, 'select'>,
  senderId: string,
  input: CreateSignatureRequest,
): Promise<RequestCallbacks | null> {
  const given: [keyof RequestCallbacks, string, string | undefined][] = [
    ['success', 'callback_success_url', input.callbackSuccessUrl],
    ['error', 'callback_error_url', input.callbackErrorUrl],
    ['update', 'callback_update_url', input.callbackUpdateUrl],
  ]
  const named = given.filter(([, , url]) => url !== undefined)
  const first = named[0]
  if (first === undefined) return null
  const [sender] = await db
    .select({ id: apiUsers.userId })
    .from(apiUsers)
    .where(eq(apiUsers.userId, senderId))
  if (sender === undefined) {
    throw new ApiError(400, 'request.invalid', 'Callbacks are for requests sent by API users', {
      field: first[1],
    })
  }
  return Object.fromEntries(named.map(([key, , url]) => [key, url]))
}

/** What {@link queueRequestCallbacks} reads of the request, as it stands after the change. */
type CallbackRequest = Pick<typeof signatureRequests.$inferSelect, 'callbacks' | 'ownerId' | 'statusOverall'>

/**
 * Queues the callbacks a change of a request calls for, in the transaction that records the change (its
 * audit trail entry `event`), with `request` as it stands then: the update URL hears of every change, the
 * success URL of the last signature, the error URL of a decline, withdrawal or expiry. Nothing when the request
 * has no callbacks.
 */
export async function queueRequestCallbacks(
  tx: JobWriter,
  requestId: string,
  request: CallbackRequest | undefined,
  event: { id: string; type: RequestEventType },
  at: Date,
): Promise<void> {
  if (!request?.callbacks) return
  const { success, error, update } = request.callbacks
  const urls: [(typeof callbackKinds)[number], string | undefined][] = [
    ['update', update],
    ['success', event.type === 'signed' && request.statusOverall === 'SIGNED' ? success : undefined],
    [
      'error',
      event.type === 'declined' || event.type === 'withdrawn' || event.type === 'expired' ? error : undefined,
    ],
  ]
  const callback: RequestCallback = {
    eventId: event.id,
    signatureRequestId: requestId,
    event: event.type,
    statusOverall: request.statusOverall,
    occurredAt: at.toISOString(),
  }
  for (const [kind, url] of urls) {
    if (url !== undefined)
      await writeJob(tx, requestCallbackJob, { url, ownerId: request.ownerId, kind, callback }, at)
  }
}

/** One callback of a request: where it goes, which of its URLs, and how its posting went. */
export type RequestCallbackPost = {
  url: string
  kind: (typeof callbackKinds)[number] | undefined
  state: (typeof jobs.$inferSelect)['state']
  attempts: number
  lastError: string | null
  createdAt: Date
  finishedAt: Date | null
}

/**
 * The callbacks queued for request `requestId`, oldest first, as their jobs stand (a done job is swept by the
 * upkeep after a while, and its callback with it). Whether the caller may read them is checked before.
 */
export async function listRequestCallbacks(
  db: Pick<Database, 'select'>,
  requestId: string,
): Promise<RequestCallbackPost[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, requestCallbackJob),
        sql`${jobs.payload} -> 'callback' ->> 'signatureRequestId' = ${requestId}`,
      ),
    )
    .orderBy(asc(jobs.id))
  return rows.flatMap((row) => {
    const payload = v.safeParse(payloadSchema, row.payload)
    if (!payload.success) return []
    return [
      {
        url: payload.output.url,
        kind: payload.output.kind,
        state: row.state,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt,
        finishedAt: row.finishedAt,
      },
    ]
  })
}

// Loopback, private, link-local, carrier-grade NAT and unique-local addresses: not for callbacks in production.
const internal = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  internal.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const)
  internal.addSubnet(net, prefix, 'ipv6')

/** Whether `url`'s host is, or resolves to, a loopback, private, link-local or unique-local address. */
export async function reachesInternalAddress(url: URL): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true })
  return addresses.some(({ address, family }) => internal.check(address, family === 6 ? 'ipv6' : 'ipv4'))
}

/** What the callback job needs. */
export type CallbackServices = {
  db: Pick<Database, 'select'>
  now: () => Date
  /** In production a callback never goes to an internal address (its URL came from a client). */
  production: boolean
}

/** How long a callback receiver has to answer: one that holds the post longer holds a place of the lane. */
const callbackTimeoutMs = 5000

/**
 * Posts one callback, signed with the sending API user's current callback secret, within
 * {@link callbackTimeoutMs}. An answer other than 2xx, or none, is a failed try: the durable jobs try again
 * with growing pauses, so a receiver that is down hears of it once it is back. A receiver (scheme, host and
 * port) that failed is paused too, for as long as its failures in a row call for: its other callbacks wait
 * without a try instead of each taking a place of the lane to fail the same way. A removed API user's
 * callbacks are dropped.
 */
export function requestCallbackHandler({ db, now, production }: CallbackServices): JobHandler {
  // Per process: each process on the database learns for itself that a receiver is down.
  const receivers = new Map<string, { failures: number; pausedUntil: Date }>()
  return async (payload) => {
    const { url, ownerId, callback } = v.parse(payloadSchema, payload)
    const [sender] = await db
      .select({ secret: apiUsers.callbackSecret, deletedAt: apiUsers.deletedAt })
      .from(apiUsers)
      .where(eq(apiUsers.userId, ownerId))
    if (sender === undefined || sender.deletedAt !== null) return
    const target = new URL(url)
    if (production && (await reachesInternalAddress(target))) return
    const receiver = receivers.get(target.origin)
    if (receiver !== undefined && receiver.pausedUntil > now()) return { notBefore: receiver.pausedUntil }
    const body = JSON.stringify(toSnakeCase(callback))
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [callbackSignatureHeader]: signWebhook(sender.secret, body, now()),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(callbackTimeoutMs),
      })
      await response.body?.cancel()
      if (!response.ok) throw new Error(`the callback receiver answered ${response.status}`)
    } catch (error) {
      const failures = (receivers.get(target.origin)?.failures ?? 0) + 1
      receivers.set(target.origin, {
        failures,
        pausedUntil: new Date(now().getTime() + retryDelayMs(failures)),
      })
      throw error
    }
    receivers.delete(target.origin)
  }
}
