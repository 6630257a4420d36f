import type { PasswordErrorCode } from '../../contract/errors.ts'

/** Bounds of the password policy, shared by the screens and the server. */
export const passwordMinLength = 10
export const passwordMaxLength = 128

// The most common passwords of public breach lists that would pass the length rule.
const common = new Set([
  '1234567890',
  '0123456789',
  '1q2w3e4r5t',
  'qwertyuiop',
  'password12',
  'password123',
  'password1234',
  'passwort123',
  'motdepasse1',
  'iloveyou123',
  'abcdefghij',
  'abc1234567',
  'qwerty1234',
  'welcome123',
  'admin12345',
  'letmein123',
  'football123',
  '1234qwerty',
  'azertyuiop',
  'sommer2024',
  'summer2024',
  'winter2024',
])

/**
 * Checks a password against the policy; the first rule it breaks, or null when it is good.
 * `email` is the account's address: a password that contains its local part is refused.
 */
export function checkPassword(password: string, email?: string): PasswordErrorCode | null {
  if (password.length < passwordMinLength) return 'password.too_short'
  if (password.length > passwordMaxLength) return 'password.too_long'
  if (!/\p{L}/u.test(password)) return 'password.needs_letter'
  if (!/\p{N}/u.test(password)) return 'password.needs_digit'
  const local = email?.split('@')[0]?.toLowerCase()
  if (local && local.length >= 4 && password.toLowerCase().includes(local)) return 'password.contains_email'
  if (common.has(password.toLowerCase())) return 'password.too_common'
  return null
}
