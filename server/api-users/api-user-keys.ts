import { randomBytes } from 'node:crypto'
import { hashToken } from '../accounts/hash-token.ts'

/**
 * A new API key: `live_` in production, `demo_` elsewhere (so a key cannot be mistaken for the other kind),
 * then 32 random bytes in base64url; only its SHA-256 is stored.
 */
export function createApiKey(production: boolean): { key: string; hash: string } {
  const key = `${keyPrefix(production)}${randomBytes(32).toString('base64url')}`
  return { key, hash: hashToken(key) }
}

const keyPrefix = (production: boolean) => (production ? 'live_' : 'demo_')

/**
 * Why a server of this mode refuses `key`, when it was made in the other mode; else undefined. A database that
 * a test system shared or handed on holds its `demo_` keys, which must not sign in production, and a `live_`
 * key pasted into a test system is a production secret that does not belong there.
 */
export function otherModeKey(key: string, production: boolean): string | undefined {
  if (!key.startsWith(keyPrefix(!production))) return undefined
  return production
    ? 'This is a demo_ API key, made outside production: this production server takes only live_ keys'
    : 'This is a live_ API key, made in production: this server outside production takes only demo_ keys'
}

/** A callback signing secret of an API user (HMAC-SHA256 key). */
export function createCallbackSecret(): string {
  return randomBytes(32).toString('base64url')
}
