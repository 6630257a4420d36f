import { and, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { retentionDays, retentionNoticeDays } from '../../contract/businesses.ts'
import { dayMs } from '../../contract/datetime.ts'
import type { retentionTerminalStates } from '../../contract/retention.ts'
import type { SignatureRequestStatus } from '../../contract/signature-request-status.ts'
import { isPersonOf } from '../activity/activity-people.ts'
import type { Database } from '../db/open-database.ts'
import { businesses, type StoredBusinessSettings } from '../db/schema/businesses.ts'
import { documents } from '../db/schema/documents.ts'
import { signatureRequestDocuments, signatureRequests } from '../db/schema/signature-requests.ts'
import { issueDirectLink } from '../direct/issue-direct-link.ts'
import { mailBrandOf } from '../mail/mail-brand.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { renderMail } from '../mail/render-mail.ts'
import { requestParticipants } from '../mail/request-participants.ts'
import { retentionDeletedMail, retentionWarningMail } from '../mail/retention-mails.ts'
import type { MailQueue } from '../providers/mail/mail-queue.ts'
import { deleteRequestRows } from '../signature-requests/delete-signature-request.ts'
import type { Queryable } from '../signature-requests/load-requests.ts'
import { releaseStoredFiles } from '../signature-requests/release-stored-files.ts'
import type { FileStorage } from '../storage/file-storage.ts'

type TerminalState = (typeof retentionTerminalStates)[number]

function endedIn(terminalState: TerminalState): SignatureRequestStatus[] {
  return terminalState === 'ANY' ? ['SIGNED', 'DECLINED', 'WITHDRAWN', 'EXPIRED'] : [terminalState]
}

/** Requests sent by the business's people and API users. */
const requestsOf = (db: Pick<Database, 'select'>, businessId: string) =>
  isPersonOf(db, businessId, signatureRequests.ownerId)

/** Requests of the business that ended in `terminalState` before `before`. */
function endedRequestsOf(
  db: Pick<Database, 'select'>,
  businessId: string,
  terminalState: TerminalState,
  before: Date,
) {
  return and(
    requestsOf(db, businessId),
    inArray(signatureRequests.statusOverall, endedIn(terminalState)),
    lt(signatureRequests.updatedAt, before),
  )
}

/**
 * The dry run of the activate dialog: how many of the business's requests turning retention on with
 * `terminalState` would delete now (ended over {@link retentionDays} days ago); their participants are told
 * first and they go {@link retentionNoticeDays} days later.
 */
export async function previewRetention(
  db: Pick<Database, 'select'>,
  businessId: string,
  terminalState: TerminalState,
  now: Date,
): Promise<{ requests: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(signatureRequests)
    .where(endedRequestsOf(db, businessId, terminalState, new Date(now.getTime() - retentionDays * dayMs)))
  return { requests: row?.n ?? 0 }
}

/** Calls off the deletions retention announced for the business's requests (it was turned off). */
export async function forgetRetentionNotices(tx: Queryable, businessId: string): Promise<void> {
  await tx
    .update(signatureRequests)
    .set({ retentionWarnedAt: null })
    .where(and(requestsOf(tx, businessId), isNotNull(signatureRequests.retentionWarnedAt)))
}

/** What the retention sweep needs. */
export type RetentionServices = {
  db: Database
  now: () => Date
  mail: MailQueue
  storage: FileStorage
  publicUrl: string
  logger: Logger
}

/**
 * The retention sweep of the hourly upkeep, for each business with retention on: tells the participants of each request
 * whose period ends within {@link retentionNoticeDays} days, and deletes the requests whose period is over
 * and whose participants were told at least that long ago, with their documents, signed versions,
 * attachments and page images (a file goes with the last row that refers to it), telling the participants
 * once more. Each request goes in its own transaction, checked again under its lock.
 */
export async function sweepRetention(
  services: RetentionServices,
): Promise<{ warned: number; deleted: number }> {
  const { db } = services
  const now = services.now()
  const on = await db
    .select({ id: businesses.id, name: businesses.name, settings: businesses.settings })
    .from(businesses)
    .where(sql`(${businesses.settings} -> 'signatureRequests' -> 'retention' ->> 'enabled')::boolean`)
  let warned = 0
  let deleted = 0
  for (const business of on) {
    const { terminalState } = business.settings.signatureRequests.retention
    const warnBefore = new Date(now.getTime() - (retentionDays - retentionNoticeDays) * dayMs)
    const toWarn = await db
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(
        and(
          endedRequestsOf(db, business.id, terminalState, warnBefore),
          isNull(signatureRequests.retentionWarnedAt),
        ),
      )
    for (const { id } of toWarn) {
      await db.transaction(async (tx) => {
        const [request] = await tx
          .update(signatureRequests)
          .set({ retentionWarnedAt: now })
          .where(and(eq(signatureRequests.id, id), isNull(signatureRequests.retentionWarnedAt)))
          .returning()
        if (request === undefined) return
        const endsAt = new Date(
          Math.max(
            request.updatedAt.getTime() + retentionDays * dayMs,
            now.getTime() + retentionNoticeDays * dayMs,
          ),
        )
        await mailParticipants(services, tx, request, business, endsAt, 'warning')
        warned++
      })
    }
    const toDelete = await db
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(
        and(
          endedRequestsOf(db, business.id, terminalState, new Date(now.getTime() - retentionDays * dayMs)),
          isNotNull(signatureRequests.retentionWarnedAt),
          lte(signatureRequests.retentionWarnedAt, new Date(now.getTime() - retentionNoticeDays * dayMs)),
        ),
      )
    for (const { id } of toDelete) {
      const files = await db.transaction(async (tx) => {
        const [request] = await tx
          .select()
          .from(signatureRequests)
          .where(eq(signatureRequests.id, id))
          .for('update')
        if (request === undefined) return undefined
        await mailParticipants(services, tx, request, business, now, 'deleted')
        return deleteRequestWithDocuments(tx, id)
      })
      if (files === undefined) continue
      await releaseStoredFiles(services, files)
      deleted++
    }
  }
  if (warned + deleted > 0) services.logger.info({ warned, deleted }, 'retention swept')
  return { warned, deleted }
}

/**
 * Deletes the request and the uploaded documents only it holds, in `tx`; answers the hashes of everything
 * stored that it referred to, for {@link releaseStoredFiles} once committed.
 */
async function deleteRequestWithDocuments(tx: Queryable, id: string): Promise<string[]> {
  const held = await tx
    .select({ id: documents.id, sha256: documents.sha256 })
    .from(signatureRequestDocuments)
    .innerJoin(documents, eq(documents.id, signatureRequestDocuments.documentId))
    .where(eq(signatureRequestDocuments.requestId, id))
  const hashes = await deleteRequestRows(tx, id)
  for (const document of held) {
    const [elsewhere] = await tx
      .select({ id: signatureRequestDocuments.requestId })
      .from(signatureRequestDocuments)
      .where(eq(signatureRequestDocuments.documentId, document.id))
      .limit(1)
    if (elsewhere === undefined) await tx.delete(documents).where(eq(documents.id, document.id))
  }
  return [...hashes, ...held.map((d) => d.sha256)]
}

/** The request's sender and every signer, each with the language of their mails and `day` written in it. */
async function recipientsOf(tx: Queryable, request: { id: string; ownerId: string }, day: Date) {
  return (await requestParticipants(tx, request)).map((participant) => {
    const locale = pickMailLocale(participant.language)
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(day)
    return { participant, locale, date }
  })
}

/**
 * Tells the request's sender and every signer that it goes on `day` (`warning`), each with a link to download
 * what they keep: a signer without an account gets a new direct link, which opens without one (the link of
 * their invitation may have been replaced since); or that it was deleted on `day` (`deleted`).
 */
async function mailParticipants(
  services: RetentionServices,
  tx: Queryable,
  request: typeof signatureRequests.$inferSelect,
  business: { name: string; settings: StoredBusinessSettings },
  day: Date,
  notice: 'warning' | 'deleted',
): Promise<void> {
  const brand = mailBrandOf(business, services.publicUrl)
  for (const { participant, locale, date } of await recipientsOf(tx, request, day)) {
    const values = { title: request.title, business: business.name, date }
    if (notice === 'deleted') {
      await services.mail.post(tx, renderMail(retentionDeletedMail, locale, participant.email, values, brand))
      continue
    }
    const link =
      participant.hasAccount || participant.signatureId === undefined
        ? `${services.publicUrl}/view/${request.id}`
        : await issueDirectLink(tx, services.publicUrl, {
            id: participant.signatureId,
            requestId: request.id,
          })
    await services.mail.post(
      tx,
      renderMail(retentionWarningMail, locale, participant.email, { ...values, link }, brand),
    )
  }
}
