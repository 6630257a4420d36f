import { randomBytes } from 'node:crypto'
import { hashToken } from './hash-token.ts'

/** A new bearer or mailed token: 32 random bytes in base64url, and the SHA-256 that is stored instead. */
export function createSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}
