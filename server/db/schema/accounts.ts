import { bigserial, boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
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
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
)

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
