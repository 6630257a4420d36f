import { Secret, TOTP } from 'otpauth'
import { productName } from '../../contract/app-config.ts'

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30 s steps. */
const periodSeconds = 30

/** Codes of the step before and after the server's are accepted too: a phone's clock may be off a little. */
const window = 1

/** A new random 160-bit secret (RFC 4226's recommended length). */
export function newTotpSecret(): Uint8Array {
  return new Secret({ size: 20 }).bytes
}

function totpOf(secret: Uint8Array, account: string): TOTP {
  return new TOTP({
    issuer: productName,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: periodSeconds,
    secret: new Secret({ buffer: secret.slice().buffer }),
  })
}

/** The `otpauth://` URI an authenticator app adds by its QR code, and the secret in base32 to type in. */
export function totpUri(secret: Uint8Array, account: string): { uri: string; secret: string } {
  const totp = totpOf(secret, account)
  return { uri: totp.toString(), secret: totp.secret.base32 }
}

/** The time step of `code` if it is a code of the secret at `now` (give or take one step), else null. */
export function matchTotp(secret: Uint8Array, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now.getTime(), window })
  if (delta === null) return null
  return Math.floor(now.getTime() / 1000 / periodSeconds) + delta
}
