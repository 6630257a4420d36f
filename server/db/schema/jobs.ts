import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { at } from './columns.ts'

/**
 * Work the product promised that runs after the answer (issue 11): mails, the hourly upkeep, later the
 * providers' webhooks. A job is written in the transaction of the change that promises it, claimed by one
 * process at a time (`for update skip locked`, under a short lease it renews while it runs), retried
 * with growing pauses, and kept as `failed` with its last error once it has run out of tries. A job with
 * a `key` exists once: a scheduled slot that several processes enqueue runs once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    key: text('key').unique(),
    state: text('state').$type<'waiting' | 'running' | 'done' | 'failed'>().notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    runAt: at('run_at').notNull(),
    lockedUntil: at('locked_until'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
  },
  // A lane claims the due jobs of its kinds; the state alone still leads for the upkeep's sweep of done jobs.
  (t) => [index('jobs_due_idx').on(t.state, t.kind, t.runAt)],
)
