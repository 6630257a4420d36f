import type { SecondFactor } from '../../contract/account-security.ts'
import type { Database } from '../db/open-database.ts'
import { isSecondFactorRequired } from './second-factor-required.ts'
import { secondFactorsOf } from './second-factors-of.ts'
import { countRecoveryCodes } from './spend-second-factor-code.ts'

/**
 * GET /v1/user/second-factor: whether the authenticator app is on, the recovery codes left, and whether the
 * business requires it, which it does unless a passkey is the user's second factor.
 */
export async function readSecondFactor(db: Pick<Database, 'select'>, userId: string): Promise<SecondFactor> {
  const [factors, recoveryCodesLeft, businessRequires] = await Promise.all([
    secondFactorsOf(db, userId),
    countRecoveryCodes(db, userId),
    isSecondFactorRequired(db, userId),
  ])
  return {
    enabled: factors.includes('totp'),
    recoveryCodesLeft,
    required: businessRequires && !factors.includes('passkey'),
  }
}
