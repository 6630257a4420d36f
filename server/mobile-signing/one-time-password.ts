import { createHash, randomInt, timingSafeEqual } from 'node:crypto'

/** A fresh 6-digit one-time password. */
export function newOneTimePassword(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** SHA-256 (hex) of a one-time password, bound to its mobile signing so it matches no other one. */
export function hashOneTimePassword(mobileSigningId: string, password: string): string {
  return createHash('sha256').update(`${mobileSigningId}:${password}`, 'utf8').digest('hex')
}

/** Whether `password` is the one whose hash is stored, compared in constant time. */
export function oneTimePasswordMatches(mobileSigningId: string, password: string, stored: string): boolean {
  return timingSafeEqual(
    Buffer.from(stored, 'hex'),
    Buffer.from(hashOneTimePassword(mobileSigningId, password), 'hex'),
  )
}
