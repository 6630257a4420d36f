import * as v from 'valibot'
import { webAuthnCredentialSchema } from './user.ts'

/** How many single-use recovery codes a second factor comes with. */
export const recoveryCodeCount = 10

/** A code from the authenticator app: six digits (spaces between them are dropped). */
export const totpCodeSchema = v.pipe(
  v.string(),
  v.trim(),
  v.transform((code) => code.replace(/\s/g, '')),
)

/** GET /v1/user/second-factor: whether it is on, and how many recovery codes are left. */
export const secondFactorSchema = v.object({
  enabled: v.boolean(),
  recoveryCodesLeft: v.number(),
  /**
   * The user's business requires a second factor and the user has no passkey, which would be one: the app cannot
   * be switched off, and while it is off the user sets it up before anything else.
   */
  required: v.boolean(),
})
export type SecondFactor = v.InferOutput<typeof secondFactorSchema>

/**
 * POST /v1/user/second-factor/setup: a new secret, not yet in force, to add to an authenticator app by the QR
 * code of `uri` (`otpauth://totp/...`) or by typing `secret` (base32).
 */
export const totpSetupSchema = v.object({ secret: v.string(), uri: v.string() })
export type TotpSetup = v.InferOutput<typeof totpSetupSchema>

/** POST /v1/user/second-factor/enable and /disable: the password and a current code (or a recovery code). */
export const secondFactorChangeSchema = v.object({
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
  code: v.pipe(totpCodeSchema, v.minLength(1), v.maxLength(64)),
})

/** The answer of enabling: the recovery codes, shown this once. */
export const recoveryCodesSchema = v.object({ recoveryCodes: v.array(v.string()) })

/** One passkey of the user (GET /v1/user/passkeys). */
export const passkeySchema = v.object({
  id: v.string(),
  /** The name the user gave it, to tell it from the others. */
  name: v.string(),
  createdAt: v.string(),
  /** When it last signed in; null before. */
  lastUsedAt: v.nullable(v.string()),
})
export type Passkey = v.InferOutput<typeof passkeySchema>
export const passkeysSchema = v.object({ passkeys: v.array(passkeySchema) })

/** POST /v1/user/passkeys/options: the password, as for a change of the second factor. */
export const passkeyOptionsSchema = v.object({
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
})

/** POST /v1/user/passkeys: a name and the browser's answer to the options. */
export const passkeyRegistrationSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  credential: webAuthnCredentialSchema,
})

/** One signed-in session of the user (GET /v1/user/sessions). */
export const accountSessionSchema = v.object({
  id: v.string(),
  /** The browser's User-Agent of its last call; null before its first. */
  userAgent: v.nullable(v.string()),
  address: v.nullable(v.string()),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  /** The session the list was asked with. */
  current: v.boolean(),
})
export type AccountSession = v.InferOutput<typeof accountSessionSchema>
export const accountSessionsSchema = v.object({ sessions: v.array(accountSessionSchema) })

/** Paths of the second factor and the sessions, relative to the API base. */
export const accountSecurityPaths = {
  /** `GET` the second factor's state. */
  secondFactor: () => '/v1/user/second-factor',
  /** `POST` starts (or restarts) setting up a TOTP second factor. */
  secondFactorSetup: () => '/v1/user/second-factor/setup',
  /** `POST` switches it on with the password and a code of the new secret; answers the recovery codes. */
  secondFactorEnable: () => '/v1/user/second-factor/enable',
  /** `POST` switches it off with the password and a current code or a recovery code. */
  secondFactorDisable: () => '/v1/user/second-factor/disable',
  /** `GET` lists the user's passkeys; `POST` registers one with the browser's answer to the options. */
  passkeys: () => '/v1/user/passkeys',
  /** `POST` answers WebAuthn options for registering a passkey, with the password. */
  passkeyOptions: () => '/v1/user/passkeys/options',
  /** `DELETE` removes one passkey. */
  passkey: (id: string) => `/v1/user/passkeys/${encodeURIComponent(id)}`,
  /** `GET` lists the open sessions of the user; `DELETE` ends every one but the caller's. */
  sessions: () => '/v1/user/sessions',
  /** `DELETE` ends one session. */
  session: (id: string) => `/v1/user/sessions/${encodeURIComponent(id)}`,
} as const
