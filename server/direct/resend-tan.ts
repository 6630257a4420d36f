import { randomInt } from 'node:crypto'
import { and, eq, isNull, lte, or } from 'drizzle-orm'
import { tanLifetimeMs, tanResendIntervalMs } from '../../contract/direct.ts'
import { signatureRequests, signatures } from '../db/schema/signature-requests.ts'
import { ApiError } from '../http/api-error.ts'
import { pickMailLocale } from '../mail/mail-locale.ts'
import { renderMail } from '../mail/render-mail.ts'
import { tanMail } from '../mail/tan-mail.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import { assertCanSign } from './assert-can-sign.ts'
import type { DirectCaller } from './authenticate-direct.ts'
import { hashTan } from './hash-tan.ts'

/** A TAN mail within a minute of the last one; the route sends `retryAfterSeconds` as Retry-After. */
export class TanResendTooSoon extends ApiError {
  constructor(retryAfterSeconds: number) {
    super(429, 'tan.resend_too_soon', 'A TAN was mailed less than a minute ago', { retryAfterSeconds })
  }
}

/**
 * POST /v1/direct/tan/resend: mails the direct-link signer a new 6-digit TAN, valid 10 minutes, which
 * replaces any earlier one, unlocks a locked TAN and asks for a new confirmation before signing. At most one
 * mail a minute, claimed by one conditional update so that two calls at once send one mail. Only a
 * signer who may still sign gets one (else 409).
 */
export async function resendTan(services: RequestServices, direct: DirectCaller): Promise<void> {
  await assertCanSign(services.db, direct)
  const now = services.now()
  const tan = String(randomInt(0, 1_000_000)).padStart(6, '0')
  // The last mail went out one lifetime before its TAN expires.
  const lastMailDue = new Date(now.getTime() + tanLifetimeMs - tanResendIntervalMs)
  // The new TAN and its mail are committed together: a TAN that is stored has its mail on the way.
  const mailed = await services.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(signatures)
      .set({
        tanHash: hashTan(direct.signatureId, tan),
        tanExpiresAt: new Date(now.getTime() + tanLifetimeMs),
        tanFailedAttempts: 0,
        tanConfirmedAt: null,
      })
      .where(
        and(
          eq(signatures.id, direct.signatureId),
          or(isNull(signatures.tanExpiresAt), lte(signatures.tanExpiresAt, lastMailDue)),
        ),
      )
      .returning({ identity: signatures.signerIdentityData, attributes: signatures.directAttributes })
    if (claimed === undefined) return false
    const [request] = await tx
      .select({ title: signatureRequests.title })
      .from(signatureRequests)
      .where(eq(signatureRequests.id, direct.requestId))
    // The language the signer's page shows (kept as their `lang`), else the one the sender chose for them.
    const locale = pickMailLocale(claimed.attributes.lang?.[0], claimed.identity?.language)
    await services.mail.post(
      tx,
      renderMail(tanMail, locale, direct.email, {
        tan,
        title: request?.title ?? '',
        minutes: tanLifetimeMs / 60_000,
      }),
    )
    return true
  })
  if (!mailed) {
    const [current] = await services.db
      .select({ expiresAt: signatures.tanExpiresAt })
      .from(signatures)
      .where(eq(signatures.id, direct.signatureId))
    const mailedAt = (current?.expiresAt?.getTime() ?? now.getTime()) - tanLifetimeMs
    throw new TanResendTooSoon(
      Math.max(1, Math.ceil((mailedAt + tanResendIntervalMs - now.getTime()) / 1000)),
    )
  }
}
