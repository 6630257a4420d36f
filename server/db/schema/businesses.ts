import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { apiKeyScopes } from '../../../contract/api-users.ts'
import type { Aes4Biz, BillingAddress, BusinessSettings } from '../../../contract/businesses.ts'
import { currencies } from '../../../contract/price-plans.ts'
import { users } from './accounts.ts'
import { at } from './columns.ts'

/** Business accounts (SPEC §3 Business): a team that shares one account, run by its admins. */
export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  billing: jsonb('billing').$type<BillingAddress>().notNull(),
  /** SPEC §3 settings, without the support contact (below). */
  settings: jsonb('settings').$type<StoredBusinessSettings>().notNull(),
  supportEmail: text('support_email').notNull().default(''),
  supportPhone: text('support_phone').notNull().default(''),
  /** SPEC §4 payment method state; billing (issue 14) changes it, a trial past its end reads as NEEDS_PAYMENT_METHOD. */
  paymentMethod: text('payment_method').notNull().default('TRIALING'),
  trialEndsAt: at('trial_ends_at'),
  /** When the business will be deleted; null unless its admins scheduled it. */
  deletionScheduledAt: at('deletion_scheduled_at'),
  /** When its admins ended the trial early (SPEC §4 cancel trial): its plan reads as CANCELED. */
  trialCancelledAt: at('trial_cancelled_at'),
  /** The currency it is billed in, chosen at its first payment and kept; null before (its country's applies). */
  currency: text('currency', { enum: currencies }),
  /** The business as a customer of the card and subscription provider; null until it first pays. */
  customerId: text('customer_id').unique(),
  /** Since when a renewal is unpaid; past the grace period the business is BLOCKED. */
  paymentIssueSince: at('payment_issue_since'),
  /** The code other businesses give when they subscribe on its recommendation. */
  referralCode: text('referral_code').notNull().unique(),
  /** The business whose referral code it subscribed with. */
  referredBy: uuid('referred_by'),
  /** SPEC §3 aes4biz; null until its admins first set it. */
  aes4biz: jsonb('aes4biz').$type<Aes4Biz>(),
  createdAt: at('created_at').notNull(),
})

/** The business settings as stored: the support contact has its own columns. */
export type StoredBusinessSettings = Omit<BusinessSettings, 'supportContact'>

/** Who belongs to which business: a user belongs to at most one (the user id is the key). */
export const businessMembers = pgTable(
  'business_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    joinedAt: at('joined_at').notNull(),
  },
  (table) => [index('business_members_business_idx').on(table.businessId, table.role)],
)

/** Addresses invited to a business that have not joined yet, one per business and address. */
export const businessInvitations = pgTable(
  'business_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** In lower case, as accounts are found by address. */
    email: text('email').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('business_invitations_business_email_idx').on(table.businessId, table.email),
    index('business_invitations_email_idx').on(table.email),
  ],
)

/** A business's own domains (SPEC §5): a user confirming an address there finds its invitation waiting. */
export const businessDomains = pgTable(
  'business_domains',
  {
    domain: text('domain').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('business_domains_business_idx').on(table.businessId)],
)

/**
 * A business's API users (SPEC §3 Business apiUsers): machines that call the API for the business. Each has
 * its own account row in `users` (no password, no mail), which owns the requests it creates and signs as
 * they do; its key is kept only as SHA-256 and is shown once, at creation and at reset.
 */
export const apiUsers = pgTable(
  'api_users',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** What it signs in with; unique across businesses, as `POST /v2/access/login` names no business. */
    username: text('username').notNull().unique(),
    description: text('description').notNull().default(''),
    keyHash: text('key_hash').notNull().unique(),
    scope: text('scope', { enum: apiKeyScopes }).notNull(),
    /** Callbacks of its requests are signed with this secret (HMAC-SHA256). */
    callbackSecret: text('callback_secret').notNull(),
    createdAt: at('created_at').notNull(),
    keyIssuedAt: at('key_issued_at').notNull(),
    lastUsedAt: at('last_used_at'),
    /**
     * When its admins removed it: its key and tokens stop working, and the row stays so the requests its
     * account sent and signed keep their owner (and its username is not given to another).
     */
    deletedAt: at('deleted_at'),
  },
  (table) => [index('api_users_business_idx').on(table.businessId)],
)

/** Every authenticated call an API user's key (or a token it traded the key for) made: the key's activity. */
export const apiKeyUses = pgTable(
  'api_key_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apiUserId: uuid('api_user_id')
      .notNull()
      .references(() => apiUsers.userId, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    usedAt: at('used_at').notNull(),
    method: text('method').notNull(),
    /** The route's pattern (`/v3/signature-requests/:id`), not the ids it was called with. */
    route: text('route').notNull(),
    status: integer('status').notNull(),
    ip: text('ip').notNull(),
  },
  (table) => [index('api_key_uses_business_idx').on(table.businessId, table.usedAt)],
)

/**
 * A business's signer groups (issue 43): named sets of its members, made by its admins. A request may ask a group
 * to sign (any one member signs for it) or to observe (every member observes).
 */
export const signerGroups = pgTable(
  'signer_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [uniqueIndex('signer_groups_business_name_idx').on(table.businessId, table.name)],
)

/** Who belongs to which signer group: members of the group's business, who leave it when they leave the business. */
export const signerGroupMembers = pgTable(
  'signer_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => signerGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => businessMembers.userId, { onDelete: 'cascade' }),
    addedAt: at('added_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('signer_group_members_user_idx').on(table.userId),
  ],
)
