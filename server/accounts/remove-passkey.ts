import { and, eq } from 'drizzle-orm'
import { passkeys } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { AccountServices } from './account-services.ts'
import { isSecondFactorRequired } from './second-factor-required.ts'
import { secondFactorsOf } from './second-factors-of.ts'

/**
 * DELETE /v1/user/passkeys/{id}: removes one of the user's passkeys; another user's, or one removed already,
 * is 404 `passkey.not_found`. The last second factor of a member whose business requires one stays: 409
 * `second_factor.required`.
 */
export async function removePasskey(
  services: AccountServices,
  userId: string,
  passkeyId: string,
): Promise<void> {
  const required = await isSecondFactorRequired(services.db, userId)
  await services.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id })
    if (removed === undefined) throw new ApiError(404, 'passkey.not_found', 'There is no such passkey')
    if (!required) return
    if ((await secondFactorsOf(tx, userId)).length === 0) {
      throw new ApiError(409, 'second_factor.required', 'Your business requires a second factor')
    }
  })
}
