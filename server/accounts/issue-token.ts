import type { TokenAnswer } from '../../contract/user.ts'
import type { Database } from '../db/open-database.ts'
import { sessions } from '../db/schema/accounts.ts'
import { createSecretToken } from './create-secret-token.ts'

const hour = 60 * 60 * 1000

/** SPEC §9: a token lives 24 h, 48 h with remember-me. */
const tokenLifetimeMs = { standard: 24 * hour, rememberMe: 48 * hour } as const

/**
 * Opens a session for the user and answers its bearer token; `db` may be a transaction. `device`, the sign-in's
 * browser and address, is its first use (else its first call records them).
 */
export async function issueToken(
  db: Pick<Database, 'insert'>,
  userId: string,
  rememberMe: boolean,
  now: Date,
  device?: { userAgent: string | null; address: string },
): Promise<TokenAnswer> {
  const { token, hash } = createSecretToken()
  const expiresAt = new Date(
    now.getTime() + (rememberMe ? tokenLifetimeMs.rememberMe : tokenLifetimeMs.standard),
  )
  await db.insert(sessions).values({
    tokenHash: hash,
    userId,
    createdAt: now,
    expiresAt,
    rememberMe,
    ...(device === undefined ? {} : { ...device, lastUsedAt: now }),
  })
  return { token, tokenType: 'Bearer', expiresAt: expiresAt.toISOString() }
}
