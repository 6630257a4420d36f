import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { oneTimeTokens } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import { hashToken } from './hash-token.ts'

/** A one-time token's row. */
export type OneTimeToken = typeof oneTimeTokens.$inferSelect

/**
 * The unused, unexpired token of `purpose`, or 400 `token.invalid` / `token.expired` naming `field`.
 * With `consume`, marks it used in the same statement, so two requests racing cannot both use it.
 */
export async function findOneTimeToken(
  db: Pick<Database, 'select' | 'update'>,
  options: { token: string; purpose: OneTimeToken['purpose']; now: Date; consume: boolean; field: string },
): Promise<OneTimeToken> {
  const where = and(
    eq(oneTimeTokens.tokenHash, hashToken(options.token)),
    eq(oneTimeTokens.purpose, options.purpose),
  )
  const [row] = await db.select().from(oneTimeTokens).where(where)
  if (row === undefined || row.usedAt !== null) {
    throw new ApiError(400, 'token.invalid', 'This link is not valid or has already been used', {
      field: options.field,
    })
  }
  if (row.expiresAt.getTime() <= options.now.getTime()) {
    throw new ApiError(400, 'token.expired', 'This link has expired', { field: options.field })
  }
  if (!options.consume) return row
  const [used] = await db
    .update(oneTimeTokens)
    .set({ usedAt: options.now })
    .where(and(where, isNull(oneTimeTokens.usedAt)))
    .returning()
  if (used === undefined) {
    throw new ApiError(400, 'token.invalid', 'This link has already been used', { field: options.field })
  }
  return used
}
