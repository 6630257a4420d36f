import { mailedLinkHours } from '../../contract/user.ts'
import type { Database } from '../db/open-database.ts'
import { oneTimeTokens } from '../db/schema/accounts.ts'
import { createSecretToken } from './create-secret-token.ts'

const hour = 60 * 60 * 1000

/** How long mailed links stay valid: confirmation 24 h, password reset 1 h. */
const oneTimeTokenLifetimeMs = {
  confirmation: mailedLinkHours.confirmation * hour,
  reset: mailedLinkHours.reset * hour,
} as const

/** What a one-time token is issued for. */
export type OneTimeTokenRequest = {
  purpose: keyof typeof oneTimeTokenLifetimeMs
  email: string
  flow: string | null
  now: Date
}

/** Stores the hash of a new single-use token and answers the token to put in a mailed link. */
export async function issueOneTimeToken(
  db: Pick<Database, 'insert'>,
  request: OneTimeTokenRequest,
): Promise<string> {
  const { token, hash } = createSecretToken()
  const expiresAt = new Date(request.now.getTime() + oneTimeTokenLifetimeMs[request.purpose])
  await db.insert(oneTimeTokens).values({
    tokenHash: hash,
    purpose: request.purpose,
    email: request.email,
    flow: request.flow,
    createdAt: request.now,
    expiresAt,
  })
  return token
}
