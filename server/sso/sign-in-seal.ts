import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import * as v from 'valibot'

/** What the callback needs to finish a sign-in that /sso/start began; kept in the browser, sealed. */
export type PendingSignIn = {
  issuer: string
  state: string
  nonce: string
  /** PKCE code verifier: it never leaves this server but inside the sealed cookie. */
  verifier: string
  /** Milliseconds since the epoch after which the callback refuses it. */
  expiresAt: number
}

/** Seals and opens {@link PendingSignIn}s. */
export type SignInSeal = {
  seal(pending: PendingSignIn): string
  /** The pending sign-in, or null when the value is forged, damaged or sealed with another key. */
  open(sealed: string): PendingSignIn | null
}

const pendingSchema = v.object({
  issuer: v.string(),
  state: v.string(),
  nonce: v.string(),
  verifier: v.string(),
  expiresAt: v.number(),
})

/**
 * AES-256-GCM under a key derived from `secret`: the browser carries the sign-in's state, nonce and PKCE
 * verifier between start and callback, and can neither read nor change them, so any server process
 * sharing the secret can finish it.
 */
export function createSignInSeal(secret: string): SignInSeal {
  const key = createHash('sha256').update(`signet sso state\0${secret}`).digest()
  return {
    seal(pending) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    open(sealed) {
      try {
        const bytes = Buffer.from(sealed, 'base64url')
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12), { authTagLength: 16 })
        decipher.setAuthTag(bytes.subarray(12, 28))
        const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
        return v.parse(pendingSchema, JSON.parse(text))
      } catch {
        return null
      }
    },
  }
}
