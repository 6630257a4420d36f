import { and, eq, isNotNull } from 'drizzle-orm'
import type { SecondFactorKind } from '../../contract/user.ts'
import type { Database } from '../db/open-database.ts'
import { passkeys, totpFactors } from '../db/schema/accounts.ts'

/** The second factors the user has: an authenticator app that is on (`totp`), and `passkey` if any. */
export async function secondFactorsOf(
  db: Pick<Database, 'select'>,
  userId: string,
): Promise<SecondFactorKind[]> {
  const [totp] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
  const [passkey] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1)
  const factors: SecondFactorKind[] = []
  if (totp !== undefined) factors.push('totp')
  if (passkey !== undefined) factors.push('passkey')
  return factors
}
