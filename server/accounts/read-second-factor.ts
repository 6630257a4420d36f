import { and, eq, isNotNull } from 'drizzle-orm'
import type { SecondFactor } from '../../contract/account-security.ts'
import type { Database } from '../db/open-database.ts'
import { totpFactors } from '../db/schema/accounts.ts'
import { isSecondFactorRequired } from './second-factor-required.ts'
import { countRecoveryCodes } from './spend-second-factor-code.ts'

/** GET /v1/user/second-factor: whether it is on, the recovery codes left, and whether the business requires it. */
export async function readSecondFactor(db: Pick<Database, 'select'>, userId: string): Promise<SecondFactor> {
  const [[enabled], recoveryCodesLeft, required] = await Promise.all([
    db
      .select({ userId: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt))),
    countRecoveryCodes(db, userId),
    isSecondFactorRequired(db, userId),
  ])
  return { enabled: enabled !== undefined, recoveryCodesLeft, required }
}
