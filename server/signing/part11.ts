import { eq } from 'drizzle-orm'
import type { Part11Confirmation } from '../../contract/signing.ts'
import { loginThrottle } from '../accounts/login-throttle.ts'
import { setAttributes } from '../accounts/set-attributes.ts'
import { verifyPassword } from '../accounts/verify-password.ts'
import { businessOfAccount } from '../businesses/business-of-account.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema/accounts.ts'
import type { Caller } from '../signature-requests/request-services.ts'

/**
 * Whether a signature on a request sent for `senderId` falls under 21 CFR Part 11: the request's business
 * signs under Part 11 (settings `signatureRequests.part11.enabled`).
 */
export async function underPart11(db: Pick<Database, 'select'>, senderId: string): Promise<boolean> {
  const business = await businessOfAccount(db, senderId)
  return business?.settings.signatureRequests.part11.enabled === true
}

/**
 * 21 CFR 11.200: a signer who signs under Part 11 enters their password again, with the printed name and
 * the meaning of the signature (11.50), which the signature and the report record with its time.
 * `part11_required` while none (or no password) is given, `part11_invalid` for a wrong password (nothing
 * signed either way);
 * else the confirmation, whose name and meaning become the account's defaults (`p11_signing_name`,
 * `p11_signing_reason`). Wrong passwords count as failed sign-ins of the account from the caller's address.
 * An account without a password (single sign-on) cannot confirm.
 */
export async function confirmPart11(
  db: Database,
  caller: Caller,
  confirmation: Part11Confirmation | undefined,
  now: Date,
): Promise<'part11_required' | 'part11_invalid' | Part11Confirmation> {
  if (confirmation?.password === undefined) return 'part11_required'
  // Password guesses are counted and paused as at sign-in (429 auth.too_many_attempts).
  const keys = { account: caller.email, address: caller.ip }
  await loginThrottle.check(db, keys, now)
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.userId))
  if (!(await verifyPassword(confirmation.password, user?.passwordHash))) {
    await loginThrottle.fail(db, keys, now)
    return 'part11_invalid'
  }
  await loginThrottle.clear(db, keys)
  await setAttributes(db, caller.userId, {
    p11_signing_name: [confirmation.signingName],
    p11_signing_reason: [confirmation.signingReason],
  })
  return confirmation
}
