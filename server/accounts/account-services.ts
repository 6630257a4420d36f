import type { Logger } from 'pino'
import type { Database } from '../db/open-database.ts'
import type { KeyRing } from '../keys/key-ring.ts'
import type { MailQueue } from '../providers/mail/mail-queue.ts'

/** What the account operations work with; built once by the app. */
export type AccountServices = {
  db: Database
  /** The clock every lifetime and window is measured with; tests move it. */
  now: () => Date
  mail: MailQueue
  /** Address of the app, without trailing slash, for links in mails. */
  publicUrl: string
  /** The version of the general terms users accept now (TERMS_VERSION). */
  termsVersion: string
  /** Qualified signatures are made by the demo CA (no QTSP outside production): GET /v1/user says `demo`. */
  demoQualifiedSigning: boolean
  logger: Logger
  /** Seals second-factor secrets at rest. @default none: second factors answer 503 */
  keys?: KeyRing
}
