import { and, eq, lt } from 'drizzle-orm'
import type { Logger } from 'pino'
import { maxActivityDays } from '../../contract/activity.ts'
import type { DatabaseHandle } from '../db/open-database.ts'
import { rateLimitHits } from '../db/schema/accounts.ts'
import { apiKeyUses } from '../db/schema/businesses.ts'
import { jobs } from '../db/schema/jobs.ts'
import { signatureUsages } from '../db/schema/signature-requests.ts'
import { sweepOrphanFiles } from '../documents/sweep-orphan-files.ts'
import { forgetSpentSigningLinks } from '../embedding/forget-spent-links.ts'
import type { MailQueue } from '../providers/mail/mail-queue.ts'
import { sweepRetention } from '../retention/retention.ts'
import { deleteEmptyDrafts } from '../signature-requests/delete-empty-drafts.ts'
import { forgetSkribbleValidations } from '../skribble/forget-skribble-validations.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import type { JobHandler, JobQueue } from './job-queue.ts'

/** The job kind of the hourly upkeep. */
export const upkeepJob = 'upkeep'

const hourMs = 60 * 60 * 1000
/** How long finished jobs are kept: a scheduled slot's row must outlive any process that may enqueue it. */
const keepDoneMs = 7 * 24 * hourMs
/**
 * How long the uses of API keys and the records of use of signatures are kept: the longest range the activity
 * shows, back from today.
 */
const keepActivityMs = maxActivityDays * 24 * hourMs

/** The key of the upkeep slot `at` falls in: every process enqueues the same, so one runs. */
export function upkeepSlotKey(at: Date, everyMs = hourMs): string {
  return `${upkeepJob}:${new Date(Math.floor(at.getTime() / everyMs) * everyMs).toISOString()}`
}

/**
 * Enqueues this hour's upkeep now and then every few minutes: the slot's key makes it one job however
 * many processes run, and a process that starts late in the hour still finds the slot done or waiting.
 * `enqueue` does it at once (after the development clock moved into another hour).
 */
export function scheduleUpkeep(
  queue: JobQueue,
  database: DatabaseHandle,
  now: () => Date,
  logger: Logger,
): { stop(): void; enqueue(): void } {
  const enqueue = () => {
    queue
      .enqueue(database.db, upkeepJob, {}, { key: upkeepSlotKey(now()) })
      .then(() => queue.wake())
      .catch((error: unknown) => logger.warn({ err: error }, 'upkeep could not be scheduled'))
  }
  enqueue()
  const timer = setInterval(enqueue, 5 * 60 * 1000)
  timer.unref()
  return { stop: () => clearInterval(timer), enqueue }
}

/**
 * The hourly upkeep: vacuums and analyzes the embedded database (PostgreSQL does its own), deletes drafts
 * left without a document for a day, applies the businesses' retention (warns, then deletes ended
 * requests), removes stored files no row refers to and partial writes an hour old, and forgets embedded
 * signing links expired a day ago, what Skribble's validation API made 10 minutes ago, jobs
 * finished a week ago, rate-limited requests of addresses gone quiet for a day, and uses of API keys and
 * records of use of signatures older than the activity reaches back (retention leaves those, as the business's
 * accounting).
 */
export function upkeepJobHandler(services: {
  database: DatabaseHandle
  storage: FileStorage
  /** Where uploads are spooled before they are stored. */
  tempDir: string
  now: () => Date
  logger: Logger
  /** The retention mails go through it. */
  mail: MailQueue
  publicUrl: string
}): JobHandler {
  const { database, storage, tempDir, now, logger, mail, publicUrl } = services
  return async () => {
    const started = performance.now()
    const vacuumed = await database.upkeep()
    const drafts = await deleteEmptyDrafts({ db: database.db, now, storage, logger })
    const retention = await sweepRetention({ db: database.db, now, storage, logger, mail, publicUrl })
    const orphans = await sweepOrphanFiles({ db: database.db, storage, tempDir, now })
    const signingLinks = await forgetSpentSigningLinks(database.db, now())
    const skribbleValidations = await forgetSkribbleValidations(database.db, now())
    await database.db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.at, new Date(now().getTime() - 24 * hourMs)))
    await database.db
      .delete(apiKeyUses)
      .where(lt(apiKeyUses.usedAt, new Date(now().getTime() - keepActivityMs)))
    await database.db
      .delete(signatureUsages)
      .where(lt(signatureUsages.signedAt, new Date(now().getTime() - keepActivityMs)))
    await database.db
      .delete(jobs)
      .where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, new Date(now().getTime() - keepDoneMs))))
    logger.info(
      {
        ms: Math.round(performance.now() - started),
        vacuumed,
        drafts,
        retention,
        orphans,
        signingLinks,
        skribbleValidations,
      },
      'upkeep done',
    )
  }
}
