import { createHash } from 'node:crypto'

/** The SHA-256 (hex) under which a token is stored and looked up; the token itself is never kept. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}
