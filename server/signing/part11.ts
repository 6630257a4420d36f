import { eq } from 'drizzle-orm'
import type { Part11Confirmation } from '../../contract/signing.ts'
import { setAttributes } from '../accounts/set-attributes.ts'
import { verifyPassword } from '../accounts/verify-password.ts'
import { businessOfAccount } from '../businesses/business-of-account.ts'
import type { Database } from '../db/open-database.ts'
import { users } from '../db/schema.ts'

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
 * `part11_required` while none is given, `part11_invalid` for a wrong password (nothing signed either way);
 * else the confirmation, whose name and meaning become the account's defaults (`p11_signing_name`,
 * `p11_signing_reason`). An account without a password (single sign-on) cannot confirm.
 */
export async function confirmPart11(
  db: Pick<Database, 'select' | 'update'>,
  userId: string,
  confirmation: Part11Confirmation | undefined,
): Promise<'part11_required' | 'part11_invalid' | Part11Confirmation> {
  if (confirmation === undefined) return 'part11_required'
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
  if (!(await verifyPassword(confirmation.password, user?.passwordHash))) return 'part11_invalid'
  await setAttributes(db, userId, {
    p11_signing_name: [confirmation.signingName],
    p11_signing_reason: [confirmation.signingReason],
  })
  return confirmation
}
