import { createHash } from 'node:crypto'
import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { dayMs } from '../../contract/datetime.ts'
import type { Database } from '../db/open-database.ts'
import { signatureRequestDocuments, signatureRequests } from '../db/schema/signature-requests.ts'
import type { PageRenderer } from '../documents/render-pages.ts'
import type { PlatformSigning } from '../signing/signing-services.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { documentKey } from '../storage/storage-keys.ts'
import type { JobHandler, JobQueue } from './job-queue.ts'

/** The job kind of the daily renewal of completed documents' archive timestamps. */
export const archiveRenewalJob = 'archive-renewal'

/** The documents one run renews at most; a full batch enqueues the next one, after the last it looked at. */
const archiveRenewalBatch = 20

/** Where a run starts: after this document of this request (in that order), or from the first. */
type RenewalPayload = { slot: string; after?: { requestId: string; documentId: string } }

/**
 * Enqueues the renewal of the day `at` falls in, due at once; its key makes it one job however many
 * processes enqueue it.
 */
export async function enqueueArchiveRenewal(queue: JobQueue, db: Database, at: Date): Promise<void> {
  const slot = `${archiveRenewalJob}:${new Date(Math.floor(at.getTime() / dayMs) * dayMs).toISOString().slice(0, 10)}`
  await queue.enqueue(db, archiveRenewalJob, { slot } satisfies RenewalPayload, { key: slot })
}

/**
 * Enqueues today's renewal now and then every few minutes, by the server's clock: its key makes it one job
 * however many processes run. `enqueue` does it at once (after the development clock moved).
 */
export function scheduleArchiveRenewal(
  queue: JobQueue,
  db: Database,
  now: () => Date,
  logger: Logger,
): { stop(): void; enqueue(): void } {
  const enqueue = () => {
    enqueueArchiveRenewal(queue, db, now())
      .then(() => queue.wake(archiveRenewalJob))
      .catch((error: unknown) => logger.warn({ err: error }, 'the archive renewal could not be scheduled'))
  }
  enqueue()
  const timer = setInterval(enqueue, 5 * 60 * 1000)
  timer.unref()
  return { stop: () => clearInterval(timer), enqueue }
}

/**
 * Renews the archive timestamps of completed documents (PAdES B-LTA, ETSI EN 319 142-1 §5.5) before the
 * certificate of the timestamp authority that made them expires: first gives the platform a new root when the
 * newest one comes near its end (Pki.renewRootCa), the issuing CA a new key under the newest root when its
 * certificate does (Pki.renewIssuingCa), simple signatures one when theirs does or the issuing CA was renewed
 * (Pki.renewPlatformKey), and the authority one when its own does, with the issuing CA when that ends too soon
 * for the authority's new certificate (Pki.renewTimestampKey), then,
 * for each completed document whose
 * last document timestamp's authority certificate expires within `renewalMs` (or not known yet), adds in a
 * PDF worker the validation data of that timestamp and a new document timestamp, and stores the result as
 * the document's signed version. A run is cut short safely anywhere: a document is done once its row names
 * the new version and when it expires, so a repeat skips it; a file stored without its row is swept as an
 * orphan. A document that fails fails the run after the others, which the queue tries again. One run looks at
 * {@link archiveRenewalBatch} documents, then enqueues the next.
 */
export function archiveRenewalHandler(services: {
  db: Database
  storage: FileStorage
  renderer: PageRenderer
  platform: PlatformSigning
  queue: JobQueue
  now: () => Date
  logger: Logger
  renewalMs: number
}): JobHandler {
  const { db, storage, renderer, platform, queue, now, logger, renewalMs } = services
  return async (payload) => {
    const { slot, after } = payload as RenewalPayload
    const at = now()
    await platform.pki.renewRootCa(at)
    await platform.pki.renewIssuingCa(at)
    await platform.pki.renewPlatformKey(at)
    const current = await platform.pki.renewTimestampKey(at)
    const renewBefore = new Date(at.getTime() + renewalMs)
    const due = await db
      .select({
        requestId: signatureRequestDocuments.requestId,
        documentId: signatureRequestDocuments.documentId,
        signedSha256: signatureRequestDocuments.signedSha256,
      })
      .from(signatureRequestDocuments)
      .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestDocuments.requestId))
      .where(
        and(
          eq(signatureRequests.statusOverall, 'SIGNED'),
          isNotNull(signatureRequestDocuments.signedSha256),
          or(
            isNull(signatureRequestDocuments.archiveExpiresAt),
            lt(signatureRequestDocuments.archiveExpiresAt, renewBefore),
          ),
          after === undefined
            ? undefined
            : or(
                gt(signatureRequestDocuments.requestId, after.requestId),
                and(
                  eq(signatureRequestDocuments.requestId, after.requestId),
                  gt(signatureRequestDocuments.documentId, after.documentId),
                ),
              ),
        ),
      )
      .orderBy(asc(signatureRequestDocuments.requestId), asc(signatureRequestDocuments.documentId))
      .limit(archiveRenewalBatch)
    let renewed = 0
    let failed = 0
    for (const { requestId, documentId, signedSha256 } of due) {
      if (signedSha256 === null) continue
      const where = and(
        eq(signatureRequestDocuments.requestId, requestId),
        eq(signatureRequestDocuments.documentId, documentId),
        eq(signatureRequestDocuments.signedSha256, signedSha256),
      )
      try {
        const bytes = await storage.getBytes(documentKey(signedSha256))
        if (bytes === undefined) throw new Error('its stored file is missing')
        const authorities = { tsa: platform.tsa, revocation: platform.revocation(db) }
        const renewal = await renderer.renewArchive(bytes, authorities, renewBefore)
        if (renewal.bytes === null) {
          // Not due after all (its expiry was not known), or nothing to renew: known from now on.
          await db
            .update(signatureRequestDocuments)
            .set({ archiveExpiresAt: renewal.expiresAt ?? sql`'infinity'` })
            .where(where)
          continue
        }
        const sha256 = createHash('sha256').update(renewal.bytes).digest('hex')
        await storage.put(documentKey(sha256), renewal.bytes)
        await db
          .update(signatureRequestDocuments)
          .set({
            signedSha256: sha256,
            signedSize: renewal.bytes.length,
            archiveExpiresAt: current.certificate.notAfter.value,
          })
          .where(where)
        renewed += 1
      } catch (error) {
        // The others go on; this one is tried again when the job is.
        logger.warn({ err: error, requestId, documentId }, 'archive timestamp not renewed')
        failed += 1
      }
    }
    const last = due.at(-1)
    if (due.length === archiveRenewalBatch && last !== undefined) {
      const next = { requestId: last.requestId, documentId: last.documentId }
      await queue.enqueue(db, archiveRenewalJob, { slot, after: next } satisfies RenewalPayload, {
        key: `${slot}:${next.requestId}:${next.documentId}`,
      })
      queue.wake(archiveRenewalJob)
    }
    if (due.length > 0) logger.info({ looked: due.length, renewed, failed }, 'archive timestamps renewed')
    // Tried again with the queue's backoff, from the same place: the documents done meanwhile are not due.
    if (failed > 0) throw new Error(`${failed} archive timestamps could not be renewed`)
    return undefined
  }
}
