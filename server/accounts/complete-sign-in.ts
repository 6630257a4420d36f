import { and, eq, gt } from 'drizzle-orm'
import type * as v from 'valibot'
import type { loginSecondFactorSchema, TokenAnswer } from '../../contract/user.ts'
import { signInChallenges, users } from '../db/schema/accounts.ts'
import type { AccountServices } from './account-services.ts'
import { hashToken } from './hash-token.ts'
import { loginThrottle } from './login-throttle.ts'
import { openSession, type SignInDevice } from './open-session.ts'
import { codeRefused, requireKeys, spendSecondFactorCode } from './spend-second-factor-code.ts'
import { signInExpired, spendSignInChallenge } from './spend-sign-in-challenge.ts'

/**
 * POST /v1/login/second-factor: trades the challenge of a right password and a code of the authenticator app
 * (or a recovery code, which is then gone) for a session. Wrong codes count in the same throttle as wrong
 * passwords (429 `auth.too_many_attempts`); an unknown or expired challenge is 401 `auth.sign_in_expired`.
 */
export async function completeSignIn(
  services: AccountServices,
  input: v.InferOutput<typeof loginSecondFactorSchema>,
  device: SignInDevice,
): Promise<TokenAnswer> {
  const { db } = services
  const keys = requireKeys(services.keys)
  const tokenHash = hashToken(input.challenge)
  const [found] = await db
    .select({ challenge: signInChallenges, user: users })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(and(eq(signInChallenges.tokenHash, tokenHash), gt(signInChallenges.expiresAt, services.now())))
  if (found === undefined) throw signInExpired()
  const { challenge, user } = found
  const throttled = { account: user.email, address: device.address }
  await loginThrottle.check(db, throttled, services.now())
  const outcome = await spendSecondFactorCode(db, keys, {
    userId: user.id,
    code: input.code,
    now: services.now(),
  })
  if (outcome === 'invalid' || outcome === 'used') {
    await loginThrottle.fail(db, throttled, services.now())
    throw codeRefused(outcome)
  }
  await spendSignInChallenge(db, challenge.id)
  await loginThrottle.clear(db, throttled)
  return openSession(services, user, challenge.rememberMe, device)
}
