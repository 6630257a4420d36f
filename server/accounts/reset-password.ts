import { eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { resetPasswordSchema } from '../../contract/user.ts'
import { checkPassword } from '../../machines/password/password-policy.ts'
import { users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { findOneTimeToken } from './find-one-time-token.ts'
import { hashPassword } from './hash-password.ts'
import { loginThrottle } from './login-throttle.ts'
import { notifyPasswordChanged } from './notify-password-changed.ts'
import { revokeSessions } from './revoke-sessions.ts'
import { setAttributes } from './set-attributes.ts'

/**
 * POST /v1/reset-password: consumes a reset token and sets a new password that meets the policy; every
 * session of the user is signed out. A refused request leaves the token usable.
 */
export async function resetPassword(
  services: AccountServices,
  input: v.InferOutput<typeof resetPasswordSchema>,
): Promise<void> {
  const lookup = { token: input.token, purpose: 'reset', now: services.now(), field: 'token' } as const
  const reset = await findOneTimeToken(services.db, { ...lookup, consume: false })
  const policyError = checkPassword(input.new, reset.email)
  if (policyError !== null) {
    throw new ApiError(400, policyError, 'The new password does not meet the password rules', {
      field: 'new',
    })
  }
  const passwordHash = await hashPassword(input.new)
  await services.db.transaction(async (tx) => {
    const { email } = await findOneTimeToken(tx, { ...lookup, consume: true })
    const [changed] = await tx.update(users).set({ passwordHash }).where(eq(users.email, email)).returning()
    if (changed === undefined) {
      throw new ApiError(400, 'token.invalid', 'This account no longer exists', { field: 'token' })
    }
    await setAttributes(tx, changed.id, {}, ['weak_password'])
    await revokeSessions(tx, changed.id, services.now())
    // Whoever was locked out of the account, the owner has just proved who they are.
    await loginThrottle.clearAccount(tx, changed.email)
    await notifyPasswordChanged(services, tx, changed)
  })
}
