import * as v from 'valibot'

/** One mail in the development outbox (GET /api/dev/outbox). */
export const outboxEntrySchema = v.object({
  id: v.string(),
  to: v.string(),
  subject: v.string(),
  /** ISO 8601 time the mail was written. */
  date: v.string(),
})
export const outboxListSchema = v.object({ mails: v.array(outboxEntrySchema) })

/** One mail with its parts (GET /api/dev/outbox/{id}). */
export const outboxMailSchema = v.object({
  ...outboxEntrySchema.entries,
  text: v.string(),
  html: v.string(),
  /** Links found in the mail, in order, so people and tests can follow them. */
  links: v.array(v.string()),
})
export type OutboxMail = v.InferOutput<typeof outboxMailSchema>
