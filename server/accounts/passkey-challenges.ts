import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers'
import { and, eq, gt, isNull, lte } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { type passkeyChallengePurposes, passkeyChallenges } from '../db/schema/accounts.ts'
import { ApiError } from '../http/api-error.ts'
import { hashToken } from './hash-token.ts'

/** How long the browser has to answer a passkey's challenge. */
const passkeyChallengeLifetimeMs = 5 * 60 * 1000

type Purpose = (typeof passkeyChallengePurposes)[number]

/**
 * Keeps the WebAuthn `challenge` handed to the browser (as SHA-256) for `purpose` and `userId` (null: a
 * sign-in with a passkey alone) until it is answered or expires; forgets the expired ones of everyone.
 */
export async function keepPasskeyChallenge(
  db: Pick<Database, 'insert' | 'delete'>,
  challenge: string,
  purpose: Purpose,
  userId: string | null,
  now: Date,
): Promise<void> {
  await db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now))
  await db.insert(passkeyChallenges).values({
    challengeHash: hashToken(challenge),
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + passkeyChallengeLifetimeMs),
  })
}

/**
 * Takes (deletes) the challenge the browser's `clientDataJSON` answers, if it was kept for `purpose` and,
 * when `userId` is given, for that user, and has not expired: each challenge is answered once. Answers the
 * challenge and the user it was kept for; 400 `passkey.challenge_expired` otherwise.
 */
export async function takePasskeyChallenge(
  db: Pick<Database, 'delete'>,
  clientDataJSON: string,
  purpose: Purpose,
  userId: string | null | undefined,
  now: Date,
  status: 400 | 401,
): Promise<{ challenge: string; userId: string | null }> {
  const challenge = challengeOf(clientDataJSON)
  const [taken] =
    challenge === null
      ? []
      : await db
          .delete(passkeyChallenges)
          .where(
            and(
              eq(passkeyChallenges.challengeHash, hashToken(challenge)),
              eq(passkeyChallenges.purpose, purpose),
              gt(passkeyChallenges.expiresAt, now),
              userId === undefined
                ? undefined
                : userId === null
                  ? isNull(passkeyChallenges.userId)
                  : eq(passkeyChallenges.userId, userId),
            ),
          )
          .returning({ userId: passkeyChallenges.userId })
  if (challenge === null || taken === undefined) {
    throw new ApiError(status, 'passkey.challenge_expired', 'This passkey request has expired: start again')
  }
  return { challenge, userId: taken.userId }
}

/** The challenge of a browser's `clientDataJSON` (base64url), or null if it cannot be read. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    if (!isoBase64URL.isBase64URL(clientDataJSON)) return null
    const { challenge } = decodeClientDataJSON(clientDataJSON)
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null
  } catch {
    return null
  }
}
