import type { Logger } from 'pino'
import type { Database } from '../db/open-database.ts'
import type { PageRenderer } from '../documents/render-pages.ts'
import type { MailQueue } from '../providers/mail/mail-queue.ts'
import type { FileStorage } from '../storage/file-storage.ts'

/** What the document and signature request operations work with; built once by the app. */
export type RequestServices = {
  db: Database
  now: () => Date
  mail: MailQueue
  /** Address of the app, without trailing slash, for links in mails. */
  publicUrl: string
  logger: Logger
  /** Where uploaded PDFs and page images live. */
  storage: FileStorage
  /** Renders page images; absent where only the routes are listed, and pages then answer 503. */
  renderer: PageRenderer | undefined
  /** Largest document and largest total of one request's documents, in bytes. */
  limits: { documentBytes: number; requestBytes: number }
  /** Where uploads are spooled while they are checked. */
  tempDir: string
}

/**
 * Who calls, and from where, as an event records it. A direct-link signer has no account: they call as
 * their signature, with `signatureId` set and `userId` equal to it, an id no user and no owner has.
 * `groupIds`: the signer groups the caller signs for (issue 43).
 */
export type Caller = {
  userId: string
  email: string
  ip: string
  signatureId?: string
  groupIds: readonly string[]
}
