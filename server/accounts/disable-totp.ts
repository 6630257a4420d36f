import { eq } from 'drizzle-orm'
import type * as v from 'valibot'
import type { secondFactorChangeSchema } from '../../contract/account-security.ts'
import { recoveryCodes, totpFactors } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { checkAccountPassword } from './check-account-password.ts'
import { loginThrottle } from './login-throttle.ts'
import { isSecondFactorRequired } from './second-factor-required.ts'
import { secondFactorsOf } from './second-factors-of.ts'
import { codeRefused, requireKeys, spendSecondFactorCode } from './spend-second-factor-code.ts'

/**
 * POST /v1/user/second-factor/disable: with the password and a current code (or a recovery code), switches
 * the second factor off and forgets its secret and recovery codes. A business that requires a second factor
 * keeps it on unless a passkey stays: 409 `second_factor.required`.
 */
export async function disableTotp(
  services: AccountServices,
  userId: string,
  input: v.InferOutput<typeof secondFactorChangeSchema>,
  address: string,
): Promise<void> {
  const keys = requireKeys(services.keys)
  const required = await isSecondFactorRequired(services.db, userId)
  if (required && !(await secondFactorsOf(services.db, userId)).includes('passkey'))
    throw new ApiError(409, 'second_factor.required', 'Your business requires a second factor')
  const throttled = await checkAccountPassword(services, userId, input.password, address)
  const now = services.now()
  const outcome = await services.db.transaction(async (tx) => {
    const spent = await spendSecondFactorCode(tx, keys, { userId, code: input.code, now })
    if (spent === 'invalid' || spent === 'used') return spent
    await tx.delete(totpFactors).where(eq(totpFactors.userId, userId))
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
    // A passkey removed meanwhile leaves no second factor: the app stays.
    if (required && (await secondFactorsOf(tx, userId)).length === 0)
      throw new ApiError(409, 'second_factor.required', 'Your business requires a second factor')
    return spent
  })
  if (outcome === 'invalid' || outcome === 'used') {
    await loginThrottle.fail(services.db, throttled, now)
    throw codeRefused(outcome)
  }
}
