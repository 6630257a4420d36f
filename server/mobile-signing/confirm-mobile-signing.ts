import { and, eq, inArray, isNull } from 'drizzle-orm'
import { maskMobile, mobileSigningResendIntervalMs } from '../../contract/mobile-signing.ts'
import type { SignAnswer } from '../../contract/signing.ts'
import type { Database } from '../db/open-database.ts'
import { mobileSignings } from '../db/schema/mobile-signing.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { isUuid } from '../signature-requests/find-request.ts'
import type { RequestSigner } from '../signing/sign-requests.ts'
import { signRequests } from '../signing/sign-requests.ts'
import type { SigningServices } from '../signing/signing-services.ts'
import { mobileSigningBody } from './mobile-signing-body.ts'
import { oneTimePasswordMatches } from './one-time-password.ts'

/** A mobile signing row. */
export type MobileSigningRow = typeof mobileSignings.$inferSelect

/** What an entered one-time password turned out to be. */
type Verdict = 'valid' | 'invalid' | 'expired' | 'locked' | 'confirmed'

/** 404 for an id that is not the caller's (or not a mobile signing at all). */
export function mobileSigningNotFound(): ApiError {
  return new ApiError(404, 'mobile_signing.not_found', 'No mobile signing with this id')
}

/** 409 for a mobile signing that was cancelled (or a registration used up). */
export function mobileSigningClosed(): ApiError {
  return new ApiError(409, 'mobile_signing.closed', 'This mobile signing was cancelled or is done')
}

/** Whose mobile signing: an account's, or a direct-link signer's for their one signature. */
function ownedBy(signer: RequestSigner) {
  return signer.kind === 'account'
    ? eq(mobileSignings.userId, signer.caller.userId)
    : and(isNull(mobileSignings.userId), eq(mobileSignings.signatureId, signer.signatureId))
}

/**
 * The signer's own mobile signing `id` of `purpose` (and, when given, of `provider`), locked for update
 * when `db` is a transaction; anything else is 404, so nobody learns of another's.
 */
export async function findMobileSigning(
  db: Pick<Database, 'select'>,
  signer: RequestSigner,
  id: string,
  purpose: 'sign' | 'register',
  provider?: string,
  lock = false,
): Promise<MobileSigningRow> {
  if (!isUuid(id)) throw mobileSigningNotFound()
  const query = db
    .select()
    .from(mobileSignings)
    .where(
      and(
        eq(mobileSignings.id, id.toLowerCase()),
        ownedBy(signer),
        ...(provider === undefined ? [] : [eq(mobileSignings.provider, provider)]),
      ),
    )
  const [row] = lock ? await query.for('update') : await query
  if (row === undefined || mobileSigningBody(row.body).purpose !== purpose) throw mobileSigningNotFound()
  return row
}

/**
 * Checks an entered one-time password with the row locked, so that tries count one at a time: a right one
 * confirms the row (used up); a wrong one costs a try and the last locks it; past its time it expires. A
 * confirmed row answers `confirmed` whatever is entered: its signing is done or under way.
 */
export async function checkOneTimePassword(
  services: Pick<SigningServices, 'db' | 'now'>,
  signer: RequestSigner,
  id: string,
  password: string,
  purpose: 'sign' | 'register',
  provider?: string,
): Promise<{ verdict: Verdict; triesLeft: number; row: MobileSigningRow }> {
  return services.db.transaction(async (tx) => {
    const row = await findMobileSigning(tx, signer, id, purpose, provider, true)
    const update = (set: Partial<MobileSigningRow>) =>
      tx.update(mobileSignings).set(set).where(eq(mobileSignings.id, row.id))
    if (row.status === 'cancelled') throw mobileSigningClosed()
    if (row.status === 'confirmed') return { verdict: 'confirmed', triesLeft: row.triesLeft, row }
    if (row.status === 'locked' || row.triesLeft === 0) return { verdict: 'locked', triesLeft: 0, row }
    if (row.status === 'expired' || row.expiresAt.getTime() <= services.now().getTime()) {
      if (row.status !== 'expired') await update({ status: 'expired' })
      return { verdict: 'expired', triesLeft: row.triesLeft, row }
    }
    if (!oneTimePasswordMatches(row.id, password, row.secretHash)) {
      const triesLeft = row.triesLeft - 1
      await update({ triesLeft, ...(triesLeft === 0 ? { status: 'locked' as const } : {}) })
      return { verdict: triesLeft === 0 ? 'locked' : 'invalid', triesLeft, row }
    }
    await update({ status: 'confirmed' })
    return { verdict: 'valid', triesLeft: row.triesLeft, row }
  })
}

/**
 * POST /v3/{provider}/proceed/{id} (`pwdotp`), its direct variant and POST /respond/{id} (`secret`): with
 * the right one-time password, signs the stored sign call once and answers its answer; every later call
 * answers that same answer. A wrong password answers `tan_invalid` with the tries left for each request,
 * the last try `tan_locked`, one past its 5 minutes `tan_expired` (a resend gives a new one); nothing is
 * signed. A signing that fails with an error leaves the password usable for another try.
 */
export async function proceedMobileSigning(
  services: SigningServices,
  signer: RequestSigner,
  id: string,
  password: string,
  provider?: string,
): Promise<SignAnswer> {
  const { verdict, triesLeft, row } = await checkOneTimePassword(
    services,
    signer,
    id,
    password,
    'sign',
    provider,
  )
  const body = mobileSigningBody(row.body)
  if (body.purpose !== 'sign') throw mobileSigningNotFound()
  if (verdict === 'confirmed') return body.answer ?? (await answerOfState(services.db, signer, body))
  if (verdict !== 'valid') {
    const statuses = await requestStatuses(services.db, body.signatureRequests)
    return {
      results: body.signatureRequests.map((item) => ({
        signatureRequestId: item.signatureRequestId,
        result: `tan_${verdict}` as const,
        statusOverall: statuses.get(item.signatureRequestId.toLowerCase()) ?? 'OPEN',
        ...(verdict === 'invalid' ? { tanTriesLeft: triesLeft } : {}),
      })),
    }
  }
  let answer: SignAnswer
  try {
    answer = await signRequests(
      services,
      signer,
      { signatureRequests: body.signatureRequests, language: body.language },
      {
        mobileConfirmed: {
          mobile: maskMobile(row.mobile),
          oneTimePassword: password,
          ...(body.secondFactor === undefined ? {} : { secondFactor: body.secondFactor }),
        },
        ...(body.part11 === undefined ? {} : { part11: body.part11 }),
      },
    )
  } catch (error) {
    await services.db.update(mobileSignings).set({ status: 'pending' }).where(eq(mobileSignings.id, row.id))
    throw error
  }
  await services.db
    .update(mobileSignings)
    .set({ body: { ...body, answer } })
    .where(eq(mobileSignings.id, row.id))
  return answer
}

/** While the confirmed signing is still under way elsewhere: each request as it stands for the signer. */
async function answerOfState(
  db: Database,
  signer: RequestSigner,
  body: { signatureRequests: { signatureRequestId: string }[] },
): Promise<SignAnswer> {
  const statuses = await requestStatuses(db, body.signatureRequests)
  const results: SignAnswer['results'] = []
  for (const item of body.signatureRequests) {
    const requestId = item.signatureRequestId.toLowerCase()
    const [own] = await db
      .select({ status: signatures.status })
      .from(signatures)
      .where(
        and(
          eq(signatures.requestId, requestId),
          signer.kind === 'account'
            ? eq(signatures.signerId, signer.caller.userId)
            : eq(signatures.id, signer.signatureId),
        ),
      )
    results.push({
      signatureRequestId: item.signatureRequestId,
      result: own?.status === 'SIGNED' ? 'complete' : 'locked',
      statusOverall: statuses.get(requestId) ?? 'OPEN',
    })
  }
  return { results }
}

async function requestStatuses(db: Pick<Database, 'select'>, items: { signatureRequestId: string }[]) {
  const ids = items.map((item) => item.signatureRequestId.toLowerCase()).filter(isUuid)
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: signatureRequests.id, status: signatureRequests.statusOverall })
          .from(signatureRequests)
          .where(inArray(signatureRequests.id, ids))
  return new Map(rows.map((row) => [row.id, row.status]))
}

/** When the next SMS of `row` may go out. */
export function nextSendAt(row: Pick<MobileSigningRow, 'lastSentAt'>): Date {
  return new Date(row.lastSentAt.getTime() + mobileSigningResendIntervalMs)
}
