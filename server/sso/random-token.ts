import { randomBytes } from 'node:crypto'

/** 256 random bits, base64url: states, nonces, PKCE verifiers and authorization codes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}
