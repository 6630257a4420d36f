import { desc, ne } from 'drizzle-orm'
import type { OutboxJob } from '../../contract/outbox.ts'
import type { Database } from '../db/open-database.ts'
import { jobs } from '../db/schema/jobs.ts'

/** The newest 100 jobs not done, as the dev outbox shows them: a mail with its recipient and subject. */
export async function unfinishedJobs(db: Database): Promise<OutboxJob[]> {
  const rows = await db.select().from(jobs).where(ne(jobs.state, 'done')).orderBy(desc(jobs.id)).limit(100)
  return rows.map((row) => {
    const mail = row.kind === 'mail' ? (row.payload as { to?: unknown; subject?: unknown }) : {}
    return {
      id: row.id,
      kind: row.kind,
      state: row.state as OutboxJob['state'], // done ones are not asked for
      attempts: row.attempts,
      runAt: row.runAt.toISOString(),
      lastError: row.lastError,
      to: typeof mail.to === 'string' ? mail.to : null,
      subject: typeof mail.subject === 'string' ? mail.subject : null,
    }
  })
}
