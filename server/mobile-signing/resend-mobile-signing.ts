import { and, eq, lte } from 'drizzle-orm'
import {
  type MobileSigningSent,
  maskMobile,
  mobileSigningLifetimeMs,
  mobileSigningMaxTries,
  mobileSigningResendIntervalMs,
} from '../../contract/mobile-signing.ts'
import { mobileSignings } from '../db/schema/mobile-signing.ts'
import { TanResendTooSoon } from '../direct/resend-tan.ts'
import type { RequestSigner } from '../signing/sign-requests.ts'
import type { SigningServices } from '../signing/signing-services.ts'
import { findMobileSigning, mobileSigningClosed, nextSendAt } from './confirm-mobile-signing.ts'
import { mobileSigningBody } from './mobile-signing-body.ts'
import { hashOneTimePassword, newOneTimePassword } from './one-time-password.ts'
import { sendSms } from './send-sms.ts'
import { registrationSms, signingSms } from './signing-sms.ts'
import { mobileProviderOf } from './start-mobile-signing.ts'

/**
 * POST /resend/{id}: a new one-time password by SMS for the signer's pending, expired or locked mobile
 * signing (or mobile registration), which replaces the last one with 5 new tries and 5 new minutes. At most
 * one SMS a minute (429 `tan.resend_too_soon` with Retry-After, as the direct TAN), claimed by one
 * conditional update so that two calls at once send one SMS. A confirmed or cancelled one is 409. An SMS
 * that cannot be sent (422 or 503, see {@link sendSms}) changes nothing; one sent keeps its provider reference.
 */
export async function resendMobileSigning(
  services: SigningServices,
  signer: RequestSigner,
  id: string,
  purpose: 'sign' | 'register' = 'sign',
): Promise<MobileSigningSent> {
  const provider = mobileProviderOf(services)
  const row = await findMobileSigning(services.db, signer, id, purpose)
  if (row.status === 'confirmed' || row.status === 'cancelled') throw mobileSigningClosed()
  const now = services.now()
  const password = newOneTimePassword()
  const expiresAt = new Date(now.getTime() + mobileSigningLifetimeMs)
  const body = mobileSigningBody(row.body)
  const message =
    body.purpose === 'sign'
      ? signingSms(body.language, password, body.titles)
      : registrationSms(body.language, password)
  const [claimed] = await services.db
    .update(mobileSignings)
    .set({
      secretHash: hashOneTimePassword(row.id, password),
      status: 'pending',
      triesLeft: mobileSigningMaxTries,
      sentCount: row.sentCount + 1,
      lastSentAt: now,
      expiresAt,
    })
    .where(
      and(
        eq(mobileSignings.id, row.id),
        eq(mobileSignings.status, row.status),
        lte(mobileSignings.lastSentAt, new Date(now.getTime() - mobileSigningResendIntervalMs)),
      ),
    )
    .returning({ id: mobileSignings.id })
  if (claimed === undefined) {
    const wait = nextSendAt(row).getTime() - now.getTime()
    if (wait > 0) throw new TanResendTooSoon(Math.max(1, Math.ceil(wait / 1000)))
    throw mobileSigningClosed()
  }
  // The claim is undone when the SMS cannot be sent, so the last password still holds; no transaction waits
  // on the provider meanwhile (the embedded database has one connection for every caller).
  const claim = and(eq(mobileSignings.id, row.id), eq(mobileSignings.sentCount, row.sentCount + 1))
  try {
    const providerRef = await sendSms(provider, row.mobile, message, row.id)
    await services.db.update(mobileSignings).set({ providerRef }).where(claim)
  } catch (error) {
    const { secretHash, status, triesLeft, sentCount, lastSentAt, expiresAt: lastExpiresAt } = row
    await services.db
      .update(mobileSignings)
      .set({ secretHash, status, triesLeft, sentCount, lastSentAt, expiresAt: lastExpiresAt })
      .where(claim)
    throw error
  }
  return { id: row.id, maskedMobile: maskMobile(row.mobile), expiresAt: expiresAt.toISOString() }
}
