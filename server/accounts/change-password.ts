import { eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { changePasswordSchema } from '../../contract/user.ts'
import { checkPassword } from '../../machines/password/password-policy.ts'
import { users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { Authenticated } from '../http/authenticate.ts'
import type { AccountServices } from './account-services.ts'
import { hashPassword } from './hash-password.ts'
import { notifyPasswordChanged } from './notify-password-changed.ts'
import { revokeSessions } from './revoke-sessions.ts'
import { setAttributes } from './set-attributes.ts'
import { verifyPassword } from './verify-password.ts'

/**
 * POST /v1/change-password: checks the current password, sets a new one that meets the policy, signs out
 * every other session (the one asking stays signed in) and clears weak_password.
 */
export async function changePassword(
  services: AccountServices,
  auth: Authenticated,
  input: v.InferOutput<typeof changePasswordSchema>,
): Promise<void> {
  const [user] = await services.db.select().from(users).where(eq(users.id, auth.userId))
  if (user === undefined || !(await verifyPassword(input.old, user.passwordHash))) {
    throw new ApiError(403, 'auth.wrong_password', 'The current password is wrong', { field: 'old' })
  }
  const policyError = checkPassword(input.new, user.email)
  if (policyError !== null) {
    throw new ApiError(400, policyError, 'The new password does not meet the password rules', {
      field: 'new',
    })
  }
  const passwordHash = await hashPassword(input.new)
  await services.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id))
    await setAttributes(tx, user.id, {}, ['weak_password'])
    await revokeSessions(tx, user.id, services.now(), auth.sessionId ?? undefined)
    await notifyPasswordChanged(services, tx, user)
  })
}
