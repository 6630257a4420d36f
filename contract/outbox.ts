import * as v from 'valibot'

/** Outside production: the mails written to the outbox (`GET` lists, `GET /{id}` one); part of `apiPaths`. */
export const outboxPaths = {
  outbox: () => '/dev/outbox',
  outboxMail: (id: string) => `/dev/outbox/${encodeURIComponent(id)}`,
} as const

/** One mail in the development outbox (GET /api/dev/outbox). */
export const outboxEntrySchema = v.object({
  id: v.string(),
  to: v.string(),
  subject: v.string(),
  /** ISO 8601 time the mail was written. */
  date: v.string(),
})

/** A job not yet done (GET /api/dev/outbox): a mail still to send, or one that ran out of tries. */
export const outboxJobSchema = v.object({
  id: v.number(),
  kind: v.string(),
  state: v.picklist(['waiting', 'running', 'failed']),
  attempts: v.number(),
  /** ISO 8601 time of its next try. */
  runAt: v.string(),
  lastError: v.nullable(v.string()),
  /** A mail's recipient and subject; null for other kinds. */
  to: v.nullable(v.string()),
  subject: v.nullable(v.string()),
})
export type OutboxJob = v.InferOutput<typeof outboxJobSchema>

export const outboxListSchema = v.object({
  mails: v.array(outboxEntrySchema),
  jobs: v.array(outboxJobSchema),
})

/** One mail with its parts (GET /api/dev/outbox/{id}). */
export const outboxMailSchema = v.object({
  ...outboxEntrySchema.entries,
  text: v.string(),
  html: v.string(),
  /** Links found in the mail, in order, so people and tests can follow them. */
  links: v.array(v.string()),
})
export type OutboxMail = v.InferOutput<typeof outboxMailSchema>
