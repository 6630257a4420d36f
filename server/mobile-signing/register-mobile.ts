import { randomUUID } from 'node:crypto'
import { and, desc, eq, gt } from 'drizzle-orm'
import {
  type MobileSigningSent,
  maskMobile,
  mobileSigningLifetimeMs,
  mobileSigningMaxTries,
  mobileSigningResendIntervalMs,
} from '../../contract/mobile-signing.ts'
import { type CountryCode, mobileNumberE164 } from '../../contract/phone-number.ts'
import { setAttributes } from '../accounts/set-attributes.ts'
import { users } from '../db/schema/accounts.ts'
import { mobileSignings } from '../db/schema/mobile-signing.ts'
import { TanResendTooSoon } from '../direct/resend-tan.ts'
import { ApiError } from '../http/api-error.ts'
import type { Caller } from '../signature-requests/request-services.ts'
import type { SigningServices } from '../signing/signing-services.ts'
import { checkOneTimePassword, nextSendAt } from './confirm-mobile-signing.ts'
import type { MobileSigningBody } from './mobile-signing-body.ts'
import { hashOneTimePassword, newOneTimePassword } from './one-time-password.ts'
import { sendSms } from './send-sms.ts'
import { registrationSms } from './signing-sms.ts'
import { mobileProviderOf } from './start-mobile-signing.ts'

/**
 * POST /v1/user/mobile: sends a code by SMS to the number the user wants to confirm qualified signatures
 * with (a mobile signing row of purpose `register`: 5 tries, 5 minutes). The number is read for `country`
 * when written without its country code and kept in E.164; not a mobile number: 422
 * `mobile_signing.number_invalid` naming `mobile`. One SMS a minute per user (429 `tan.resend_too_soon`).
 * The number becomes the user's `mobile` only once the code comes back.
 */
export async function registerMobile(
  services: SigningServices,
  caller: Caller,
  typed: { mobile: string; country: CountryCode },
): Promise<MobileSigningSent> {
  const provider = mobileProviderOf(services)
  const mobile = mobileNumberE164(typed.mobile, typed.country)
  if (mobile === undefined)
    throw new ApiError(
      422,
      'mobile_signing.number_invalid',
      `mobile: not a mobile number of ${typed.country}, nor one with its country code such as +41 79 123 45 67`,
      { field: 'mobile' },
    )
  const now = services.now()
  const id = randomUUID()
  const password = newOneTimePassword()
  const expiresAt = new Date(now.getTime() + mobileSigningLifetimeMs)
  // The user's row is locked while the last minute's SMS is looked for and this one claimed, so of two
  // registrations at once one sends; the SMS itself goes out after, with no transaction waiting on it.
  const language = await services.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ attributes: users.attributes })
      .from(users)
      .where(eq(users.id, caller.userId))
      .for('update')
    const [recent] = await tx
      .select({ lastSentAt: mobileSignings.lastSentAt })
      .from(mobileSignings)
      .where(
        and(
          eq(mobileSignings.userId, caller.userId),
          gt(mobileSignings.lastSentAt, new Date(now.getTime() - mobileSigningResendIntervalMs)),
        ),
      )
      .orderBy(desc(mobileSignings.lastSentAt))
      .limit(1)
    if (recent !== undefined)
      throw new TanResendTooSoon(
        Math.max(1, Math.ceil((nextSendAt(recent).getTime() - now.getTime()) / 1000)),
      )
    const language = user?.attributes.lang?.[0]
    const body: MobileSigningBody = { purpose: 'register', ...(language === undefined ? {} : { language }) }
    await tx.insert(mobileSignings).values({
      id,
      userId: caller.userId,
      provider: provider.name,
      // Known once the provider took the SMS.
      providerRef: '',
      mobile,
      body,
      secretHash: hashOneTimePassword(id, password),
      status: 'pending',
      triesLeft: mobileSigningMaxTries,
      lastSentAt: now,
      expiresAt,
      createdAt: now,
    })
    return language
  })
  try {
    const providerRef = await sendSms(provider, mobile, registrationSms(language, password), id)
    await services.db.update(mobileSignings).set({ providerRef }).where(eq(mobileSignings.id, id))
  } catch (error) {
    // Not sent: nothing stays, and the user may try again at once.
    await services.db.delete(mobileSignings).where(eq(mobileSignings.id, id))
    throw error
  }
  return { id, maskedMobile: maskMobile(mobile), expiresAt: expiresAt.toISOString() }
}

/**
 * POST /v1/user/mobile/confirm: the code of the registration SMS; right, the number becomes the user's
 * `mobile` attribute. Wrong: 422 `tan.invalid` naming `secret` (the message says the tries left); the
 * fifth wrong one or any after: 423 `tan.locked`; past 5 minutes: 410 `tan.expired` (register again).
 */
export async function confirmMobile(
  services: SigningServices,
  caller: Caller,
  id: string,
  secret: string,
): Promise<{ mobile: string }> {
  const { verdict, triesLeft, row } = await checkOneTimePassword(
    services,
    { kind: 'account', caller },
    id,
    secret,
    'register',
  )
  if (verdict === 'invalid')
    throw new ApiError(422, 'tan.invalid', `secret: wrong code, ${triesLeft} tries left`, { field: 'secret' })
  if (verdict === 'locked') throw new ApiError(423, 'tan.locked', 'Too many wrong codes: ask for a new one')
  if (verdict === 'expired')
    throw new ApiError(410, 'tan.expired', 'This code has expired: ask for a new one')
  await setAttributes(services.db, caller.userId, { mobile: [row.mobile] })
  return { mobile: row.mobile }
}
