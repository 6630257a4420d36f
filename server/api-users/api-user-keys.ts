import { randomBytes } from 'node:crypto'
import { hashToken } from '../accounts/hash-token.ts'

/**
 * A new API key: `live_` in production, `demo_` elsewhere (so a key cannot be mistaken for the other kind),
 * then 32 random bytes in base64url; only its SHA-256 is stored.
 */
export function createApiKey(production: boolean): { key: string; hash: string } {
  const key = `${production ? 'live' : 'demo'}_${randomBytes(32).toString('base64url')}`
  return { key, hash: hashToken(key) }
}

/** A callback signing secret of an API user (HMAC-SHA256 key). */
export function createCallbackSecret(): string {
  return randomBytes(32).toString('base64url')
}
