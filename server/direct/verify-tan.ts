import { timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { tanMaxFailedAttempts } from '../../contract/direct.ts'
import { signatures } from '../db/schema/signature-requests.ts'
import type { RequestServices } from '../signature-requests/request-services.ts'
import { hashTan } from './hash-tan.ts'

/** What an entered TAN turned out to be. */
export type TanVerdict = 'valid' | 'invalid' | 'expired' | 'locked'

/** The verdict on an entered TAN, and how many wrong ones the signer may still enter before it locks. */
export type TanCheck = { verdict: TanVerdict; triesLeft: number }

/**
 * Checks a TAN the direct-link signer entered against the last one mailed to them, the signature row locked
 * meanwhile so that tries are counted one at a time. A right TAN is used up and confirms the signer; a wrong
 * one counts, and the fifth locks the TAN until a new one is mailed. With no TAN waiting (never mailed, or
 * used already) any entry is invalid.
 */
export async function verifyTan(
  services: Pick<RequestServices, 'db' | 'now'>,
  signatureId: string,
  tan: string,
): Promise<TanCheck> {
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        hash: signatures.tanHash,
        expiresAt: signatures.tanExpiresAt,
        failedAttempts: signatures.tanFailedAttempts,
      })
      .from(signatures)
      .where(eq(signatures.id, signatureId))
      .for('update')
    if (row === undefined) return { verdict: 'invalid', triesLeft: 0 }
    const triesLeft = Math.max(0, tanMaxFailedAttempts - row.failedAttempts)
    if (triesLeft === 0) return { verdict: 'locked', triesLeft }
    if (row.hash === null || row.expiresAt === null) return { verdict: 'invalid', triesLeft }
    const now = services.now()
    if (row.expiresAt.getTime() <= now.getTime()) return { verdict: 'expired', triesLeft }
    if (!timingSafeEqual(Buffer.from(row.hash, 'hex'), Buffer.from(hashTan(signatureId, tan), 'hex'))) {
      const failedAttempts = row.failedAttempts + 1
      await tx
        .update(signatures)
        .set({ tanFailedAttempts: failedAttempts })
        .where(eq(signatures.id, signatureId))
      const left = Math.max(0, tanMaxFailedAttempts - failedAttempts)
      return { verdict: left === 0 ? 'locked' : 'invalid', triesLeft: left }
    }
    await tx
      .update(signatures)
      .set({ tanHash: null, tanFailedAttempts: 0, tanConfirmedAt: now })
      .where(eq(signatures.id, signatureId))
    return { verdict: 'valid', triesLeft: tanMaxFailedAttempts }
  })
}
