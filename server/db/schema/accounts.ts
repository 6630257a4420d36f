import { bigint, bigserial, boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { at } from './columns.ts'

/**
 * Accounts of people using the app (SPEC §3 User); later issues add permissions and qualities. Deleting a
 * user removes every row of theirs: the tables that hold them reference it with `on delete cascade`.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').unique(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  firstName: text('first_name'),
  lastName: text('last_name'),
  /** scrypt hash with its parameters (`scrypt$N$r$p$salt$hash`); null for single-sign-on-only accounts. */
  passwordHash: text('password_hash'),
  hasSso: boolean('has_sso').notNull().default(false),
  /** SPEC §3 user attributes: each a list of strings, keyed by the attribute's snake_case name. */
  attributes: jsonb('attributes').$type<Record<string, string[]>>().notNull().default({}),
  /** The user as a customer of the card provider while buying a plan before their business exists. */
  billingCustomerId: text('billing_customer_id').unique(),
  createdAt: at('created_at').notNull().defaultNow(),
})

/** Signed-in sessions: an opaque bearer token, of which only the SHA-256 is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    revokedAt: at('revoked_at'),
    /** The browser's User-Agent and the client address of the session's last call, kept to the minute. */
    userAgent: text('user_agent'),
    address: text('address'),
    lastUsedAt: at('last_used_at'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
)

/**
 * A user's TOTP second factor (RFC 6238). The secret is sealed with the key ring like the platform's private
 * keys; until `enabledAt` the setup waits for a first good code. `lastUsedStep` is the time step of the last
 * code accepted: a code of that step or an earlier one is refused, so a code is good once.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: at('created_at').notNull(),
  enabledAt: at('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
})

/** Single-use recovery codes of a second factor, stored as SHA-256; a used one is deleted. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
)

/**
 * A sign-in whose password was right and that waits for the second factor: its token (kept as SHA-256) is
 * traded for a session with a good code before it expires.
 */
export const signInChallenges = pgTable('sign_in_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  rememberMe: boolean('remember_me').notNull(),
  expiresAt: at('expires_at').notNull(),
})

/** Purposes of {@link oneTimeTokens}. */
export const oneTimeTokenPurposes = ['confirmation', 'reset'] as const

/** Mailed confirmation and password-reset links: single use, expiring, stored as SHA-256. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: oneTimeTokenPurposes }).notNull(),
    email: text('email').notNull(),
    /** What a confirmation is for (`signup`, `business_signup`, `change_email`); null for resets. */
    flow: text('flow'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [index('one_time_tokens_email_idx').on(table.email)],
)

/**
 * Failed sign-ins, one row each, keyed by account (`account:<email>`) or client address (`address:<ip>`).
 * Kept in the database so that every server process sharing it counts the same failures.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    failedAt: at('failed_at').notNull(),
  },
  (table) => [index('login_failures_key_failed_at_idx').on(table.key, table.failedAt)],
)

/**
 * Requests counted by a rate limit (`server/http/rate-limit.ts`), one row each, by limit and client address:
 * in the shared database, so every server process counts the same requests.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: at('at').notNull(),
  },
  (table) => [index('rate_limit_hits_key_at_idx').on(table.key, table.at)],
)

/** Company domains whose users sign in with their company's identity provider (single sign-on). */
export const ssoDomains = pgTable('sso_domains', {
  domain: text('domain').primaryKey(),
  issuerUrl: text('issuer_url').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
})

/**
 * A user's passkeys (WebAuthn credentials, issue 42 §2): each signs in without a password and serves as a
 * second factor. `credentialId` and `publicKey` (COSE) are base64url as the browser gives them; `counter` is
 * the authenticator's signature counter, which must grow with each use of a counting authenticator.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
    /** The transports the authenticator named (`internal`, `usb`, `hybrid`, ...), as hints for the browser. */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (table) => [index('passkeys_user_id_idx').on(table.userId)],
)

/** What a {@link passkeyChallenges} row is for. */
export const passkeyChallengePurposes = ['register', 'sign_in'] as const

/**
 * WebAuthn challenges handed to the browser, kept as SHA-256 until they are answered once or expire: a
 * registration's belongs to the signed-in user; a sign-in's to the account whose password was right, or
 * to no one for a sign-in with a passkey alone.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeHash: text('challenge_hash').notNull().unique(),
    purpose: text('purpose', { enum: passkeyChallengePurposes }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('passkey_challenges_expires_at_idx').on(table.expiresAt)],
)
