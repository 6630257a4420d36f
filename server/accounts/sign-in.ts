import { eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { loginSchema, TokenAnswer } from '../../contract/user.ts'
import { checkPassword } from '../../machines/password/password-policy.ts'
import { users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { issueToken } from './issue-token.ts'
import { loginFailureLimits, loginThrottle } from './login-throttle.ts'
import { setAttributes } from './set-attributes.ts'
import { verifyPassword } from './verify-password.ts'

/** Failures after which each further one is answered more slowly, before the limit refuses them. */
const slowAfter = 2
const slowStepMs = 250
const slowMaxMs = 1000

/**
 * POST /v1/login: checks the password and opens a session. A wrong address and a wrong password answer
 * the same 401 `auth.invalid_credentials` in the same time, `auth.invalid_credentials_last_try` when the
 * next failure from this address will pause signing in to this account. A password that no longer meets
 * the policy still signs in, and sets the weak_password attribute so the app forces a change.
 */
export async function signIn(
  services: AccountServices,
  input: v.InferOutput<typeof loginSchema>,
  clientAddress: string,
): Promise<TokenAnswer> {
  const { db } = services
  const keys = { account: input.email, address: clientAddress }
  await loginThrottle.check(db, keys, services.now())
  const [user] = await db.select().from(users).where(eq(users.email, input.email))
  if (!(await verifyPassword(input.password, user?.passwordHash))) {
    const failures = await loginThrottle.fail(db, keys, services.now())
    if (failures > slowAfter) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(slowMaxMs, (failures - slowAfter) * slowStepMs)),
      )
    }
    if (failures === loginFailureLimits.pair - 1) {
      throw new ApiError(
        401,
        'auth.invalid_credentials_last_try',
        'The e-mail address or the password is wrong; one more wrong try pauses signing in from here',
      )
    }
    throw new ApiError(401, 'auth.invalid_credentials', 'The e-mail address or the password is wrong')
  }
  if (user === undefined) throw new Error('verifyPassword accepted a password without an account')
  await loginThrottle.clear(db, keys)
  const weak = checkPassword(input.password, user.email) !== null
  if (weak !== (user.attributes.weak_password?.[0] === 'true')) {
    if (weak) await setAttributes(db, user.id, { weak_password: ['true'] })
    else await setAttributes(db, user.id, {}, ['weak_password'])
  }
  return issueToken(db, user.id, input.rememberMe === true, services.now())
}
