import { createHash } from 'node:crypto'

/** RFC 7636 S256: the code challenge of a PKCE code verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}
