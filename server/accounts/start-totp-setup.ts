import { isNull } from 'drizzle-orm'
import type { TotpSetup } from '../../contract/account-security.ts'
import { totpFactors } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import type { Authenticated } from '../http/authenticate.ts'
import { sealPrivateKey } from '../keys/key-ring.ts'
import type { AccountServices } from './account-services.ts'
import { requireKeys } from './spend-second-factor-code.ts'
import { newTotpSecret, totpUri } from './totp.ts'

/**
 * POST /v1/user/second-factor/setup: a new TOTP secret, sealed at rest with the key ring, that waits for its
 * first code (enable). Asked again, it replaces the waiting one; with a factor on, 409 `second_factor.enabled`.
 */
export async function startTotpSetup(services: AccountServices, auth: Authenticated): Promise<TotpSetup> {
  const keys = requireKeys(services.keys)
  const secret = newTotpSecret()
  const row = { sealedSecret: sealPrivateKey(keys, secret), createdAt: services.now(), lastUsedStep: null }
  const [written] = await services.db
    .insert(totpFactors)
    .values({ userId: auth.userId, ...row })
    .onConflictDoUpdate({ target: totpFactors.userId, set: row, setWhere: isNull(totpFactors.enabledAt) })
    .returning({ userId: totpFactors.userId })
  if (written === undefined) {
    throw new ApiError(409, 'second_factor.enabled', 'The second factor is on already: switch it off first')
  }
  return totpUri(secret, auth.email)
}
