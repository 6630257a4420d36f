import { and, eq, isNull } from 'drizzle-orm'
import type * as v from 'valibot'
import type { secondFactorChangeSchema } from '../../contract/account-security.ts'
import { recoveryCodes, totpFactors } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { checkAccountPassword } from './check-account-password.ts'
import { loginThrottle } from './login-throttle.ts'
import { newRecoveryCodes } from './recovery-codes.ts'
import { codeRefused, requireKeys, spendSecondFactorCode } from './spend-second-factor-code.ts'

/**
 * POST /v1/user/second-factor/enable: with the password and a code of the secret being set up, switches the
 * second factor on and answers ten new recovery codes, shown this once. Wrong passwords and codes count in
 * the sign-in throttle. Without a setup waiting, 409 `second_factor.no_setup`.
 */
export async function enableTotp(
  services: AccountServices,
  userId: string,
  input: v.InferOutput<typeof secondFactorChangeSchema>,
  address: string,
): Promise<{ recoveryCodes: string[] }> {
  const keys = requireKeys(services.keys)
  const throttled = await checkAccountPassword(services, userId, input.password, address)
  const now = services.now()
  const answer = await services.db.transaction(async (tx) => {
    const outcome = await spendSecondFactorCode(tx, keys, { userId, code: input.code, now, pending: true })
    if (outcome === 'invalid' || outcome === 'used') return outcome
    await tx.update(totpFactors).set({ enabledAt: now }).where(eq(totpFactors.userId, userId))
    const { codes, hashes } = newRecoveryCodes()
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })))
    return { recoveryCodes: codes }
  })
  if (typeof answer === 'object') return answer
  const [pending] = await services.db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.enabledAt)))
  if (pending === undefined)
    throw new ApiError(409, 'second_factor.no_setup', 'Start setting up the second factor first')
  // Counted after the transaction: an embedded database has one connection, which the transaction holds.
  await loginThrottle.fail(services.db, throttled, now)
  throw codeRefused(answer)
}
