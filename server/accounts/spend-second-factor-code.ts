import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { recoveryCodes, totpFactors } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import { type KeyRing, openPrivateKey } from '../keys/key-ring.ts'
import { hashRecoveryCode } from './recovery-codes.ts'
import { matchTotp } from './totp.ts'

/** How a code given for a second factor went: accepted as which kind, refused, or a code used before. */
export type CodeOutcome = 'totp' | 'recovery' | 'invalid' | 'used'

/**
 * Checks `code` against the user's second factor, switched on or (`pending`) being set up, and uses it up: a
 * TOTP code moves the last used step on (a code of that step or an earlier one is `used`, however many
 * requests bring it at once), a recovery code is deleted. Recovery codes count only for a factor in force.
 */
export async function spendSecondFactorCode(
  db: Pick<Database, 'select' | 'update' | 'delete'>,
  keys: KeyRing,
  input: { userId: string; code: string; now: Date; pending?: boolean },
): Promise<CodeOutcome> {
  const { userId, code, now } = input
  const [factor] = await db
    .select()
    .from(totpFactors)
    .where(
      and(
        eq(totpFactors.userId, userId),
        input.pending ? isNull(totpFactors.enabledAt) : isNotNull(totpFactors.enabledAt),
      ),
    )
  if (factor === undefined) return 'invalid'
  const digits = code.replace(/\s/g, '')
  if (/^\d{6}$/.test(digits)) {
    const step = matchTotp(openPrivateKey(keys, factor.sealedSecret), digits, now)
    if (step === null) return 'invalid'
    const [moved] = await db
      .update(totpFactors)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(totpFactors.userId, userId),
          or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
        ),
      )
      .returning({ userId: totpFactors.userId })
    return moved === undefined ? 'used' : 'totp'
  }
  if (input.pending) return 'invalid'
  const [spent] = await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(code))))
    .returning({ id: recoveryCodes.id })
  return spent === undefined ? 'invalid' : 'recovery'
}

/** 400 for a refused code: `second_factor.code_used` for one used before, else `second_factor.invalid_code`. */
export function codeRefused(outcome: 'invalid' | 'used'): ApiError {
  return outcome === 'used'
    ? new ApiError(400, 'second_factor.code_used', 'This code was used already: wait for the next one', {
        field: 'code',
      })
    : new ApiError(400, 'second_factor.invalid_code', 'This code is not valid', { field: 'code' })
}

/** How many recovery codes the user has left. */
export async function countRecoveryCodes(db: Pick<Database, 'select'>, userId: string): Promise<number> {
  const [row] = await db.select({ left: count() }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  return row?.left ?? 0
}

/** 503 when the server has no key ring to seal second-factor secrets with. */
export function requireKeys(keys: KeyRing | undefined): KeyRing {
  if (keys === undefined)
    throw new ApiError(503, 'second_factor.unavailable', 'Second factors cannot be used on this server')
  return keys
}
