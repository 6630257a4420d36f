import { eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { loginSchema, SecondFactorChallenge, TokenAnswer } from '../../contract/user.ts'
import { checkPassword } from '../../machines/password/password-policy.ts'
import { signInChallenges, users } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { createSecretToken } from './create-secret-token.ts'
import { loginFailureLimits, loginThrottle } from './login-throttle.ts'
import { openSession, type SignInDevice } from './open-session.ts'
import { secondFactorsOf } from './second-factors-of.ts'
import { setAttributes } from './set-attributes.ts'
import { verifyPassword } from './verify-password.ts'

/** How long the code of a second factor may be given after the password. */
const challengeLifetimeMs = 5 * 60 * 1000

/** Failures after which each further one is answered more slowly, before the limit refuses them. */
const slowAfter = 2
const slowStepMs = 250
const slowMaxMs = 1000

/**
 * POST /v1/login: checks the password and opens a session. A wrong address and a wrong password answer
 * the same 401 `auth.invalid_credentials` in the same time, `auth.invalid_credentials_last_try` when the
 * next failure from this address will pause signing in to this account. A password that no longer meets
 * the policy still signs in, and sets the weak_password attribute so the app forces a change. An account with
 * a second factor answers a challenge instead of a token, for POST /v1/login/second-factor (a code) or
 * /v1/login/passkey (a passkey), naming which it has; its failures in the throttle stay until the second
 * factor is given, so the password cannot reset the count of wrong codes.
 */
export async function signIn(
  services: AccountServices,
  input: v.InferOutput<typeof loginSchema>,
  device: SignInDevice,
): Promise<TokenAnswer | SecondFactorChallenge> {
  const { db } = services
  const keys = { account: input.email, address: device.address }
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
  const weak = checkPassword(input.password, user.email) !== null
  if (weak !== (user.attributes.weak_password?.[0] === 'true')) {
    if (weak) await setAttributes(db, user.id, { weak_password: ['true'] })
    else await setAttributes(db, user.id, {}, ['weak_password'])
  }
  const rememberMe = input.rememberMe === true
  const secondFactors = await secondFactorsOf(db, user.id)
  if (secondFactors.length > 0) {
    const { token, hash } = createSecretToken()
    const expiresAt = new Date(services.now().getTime() + challengeLifetimeMs)
    await db.insert(signInChallenges).values({ tokenHash: hash, userId: user.id, rememberMe, expiresAt })
    return { secondFactors, challenge: token, expiresAt: expiresAt.toISOString() }
  }
  await loginThrottle.clear(db, keys)
  return openSession(services, user, rememberMe, device)
}
