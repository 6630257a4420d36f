import { timingSafeEqual } from 'node:crypto'
import { deriveKey, scryptParameters } from './hash-password.ts'

// Checked against when there is no account (or no password), so that the answer takes as long.
const dummySalt = Buffer.alloc(16, 7)

/**
 * Whether `password` matches a hash of {@link hashPassword}, compared in constant time. With no hash (an
 * unknown address, a single-sign-on-only account) a dummy is derived with the same cost, and the answer is
 * false.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const fields = stored?.split('$')
  if (fields?.length !== 6 || fields[0] !== 'scrypt') {
    await deriveKey(password, dummySalt, scryptParameters)
    return false
  }
  const [, N, r, p, salt, key] = fields
  const expected = Buffer.from(key ?? '', 'base64')
  const actual = await deriveKey(password, Buffer.from(salt ?? '', 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
