import type { Logger } from 'pino'
import type { Database } from '../db/open-database.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import type { MailQueue } from '../providers/mail/mail-queue.ts'
import type { FileStorage } from '../storage/file-storage.ts'

/** What the business operations work with; built once by the app. */
export type BusinessServices = {
  db: Database
  /** The server's clock: trials, scheduled deletions and statistics' months are measured with it. */
  now: () => Date
  mail: MailQueue
  /** Writes the business's later work (its scheduled deletion) in the transaction that promises it. */
  jobs: Pick<JobQueue, 'enqueue' | 'wake'>
  /** Where the branding logos are stored. */
  storage: FileStorage
  /** Address of the app, without trailing slash, for links in mails. */
  publicUrl: string
  logger: Logger
  /** A forms service is configured (MARKETING_FORM_URL): a new business submits the signup form to it (SPEC §7). */
  marketingForms: boolean
}
