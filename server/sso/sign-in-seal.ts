import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import * as v from 'valibot'
import { type SignInProvider, signInProviders } from '../../contract/sign-in-providers.ts'

/** What the callback needs to finish a sign-in that /sso/start began; kept in the browser, sealed. */
export type PendingSignIn = {
  issuer: string
  /** The sign-in provider the person chose on /login; absent for a company's provider found by domain. */
  provider?: SignInProvider
  state: string
  nonce: string
  /** PKCE code verifier: it never leaves this server but inside the sealed cookie. */
  verifier: string
  /** Milliseconds since the epoch after which the callback refuses it. */
  expiresAt: number
}

const samlPendingSchema = v.object({ issuer: v.string(), requestId: v.string(), expiresAt: v.number() })

/** The SAML sign-in /sso/start began in this browser: the AuthnRequest's id, which its answer must be to. */
export type PendingSamlSignIn = v.InferOutput<typeof samlPendingSchema>

const samlAnswerSchema = v.object({
  issuer: v.string(),
  requestId: v.string(),
  /** The person the assertion names (an `SsoIdentity`). */
  identity: v.object({
    subject: v.string(),
    email: v.string(),
    emailVerified: v.optional(v.boolean()),
    givenName: v.optional(v.string()),
    familyName: v.optional(v.string()),
  }),
  expiresAt: v.number(),
})

/** A SAML answer the assertion consumer service verified, for the browser that began the sign-in to finish. */
export type VerifiedSamlAnswer = v.InferOutput<typeof samlAnswerSchema>

/** Seals values of one kind and opens them again. */
type Seal<T> = {
  seal(value: T): string
  /** The value, or null when it is forged, damaged, of another kind or sealed with another key. */
  open(sealed: string): T | null
}

/** The seals of single sign-on, each under its own key: one kind can never be opened as another. */
export type SignInSeals = {
  /** OpenID Connect: the state, nonce and PKCE verifier, in a cookie between start and callback. */
  openId: Seal<PendingSignIn>
  /** SAML: the request the browser began, in a cookie between start and the answer's finish. */
  samlPending: Seal<PendingSamlSignIn>
  /** SAML: the verified answer, in the URL from the assertion consumer service to the finish. */
  samlAnswer: Seal<VerifiedSamlAnswer>
}

/**
 * AES-256-GCM under keys derived from `secret`: the browser carries what a sign-in needs between its steps and
 * can neither read nor change it, so any server process sharing the secret can finish it.
 */
export function createSignInSeals(secret: string): SignInSeals {
  return {
    openId: createSeal(
      secret,
      'signet sso state',
      v.object({
        issuer: v.string(),
        provider: v.optional(v.picklist(signInProviders)),
        state: v.string(),
        nonce: v.string(),
        verifier: v.string(),
        expiresAt: v.number(),
      }),
    ),
    samlPending: createSeal(secret, 'signet saml pending', samlPendingSchema),
    samlAnswer: createSeal(secret, 'signet saml answer', samlAnswerSchema),
  }
}

function createSeal<T>(secret: string, purpose: string, schema: v.GenericSchema<unknown, T>): Seal<T> {
  const key = createHash('sha256').update(`${purpose}\0${secret}`).digest()
  return {
    seal(value) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    open(sealed) {
      try {
        const bytes = Buffer.from(sealed, 'base64url')
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12), { authTagLength: 16 })
        decipher.setAuthTag(bytes.subarray(12, 28))
        const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
        return v.parse(schema, JSON.parse(text))
      } catch {
        return null
      }
    },
  }
}
