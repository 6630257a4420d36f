import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { RequestCallbacks } from '../../contract/api-users.ts'
import { apiKeyScopes } from '../../contract/api-users.ts'
import type { Aes4Biz, BillingAddress, BusinessSettings } from '../../contract/businesses.ts'
import type { FormField } from '../../contract/form-fields.ts'
import type { PkiCa } from '../../contract/pki.ts'
import { billingCycles, currencies, type PricePlan, planTiers } from '../../contract/price-plans.ts'
import type { PageBox, SignatureField } from '../../contract/signature-fields.ts'
import type { SignatureRequestStatus, SignerStatus } from '../../contract/signature-request-status.ts'
import { signatureQualities } from '../../contract/signing.ts'
import { vatTreatments } from '../../machines/business-payment/vat.ts'
import { legislations } from '../../machines/identification/identification.types.ts'
import {
  type ProviderInvoiceLine,
  providerSubscriptionStatuses,
} from '../providers/billing/billing-provider.ts'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

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

/**
 * The business's subscription as the subscription provider last reported it (the provider's state is the
 * truth: webhooks and our own calls sync this copy from it).
 */
export const businessSubscriptions = pgTable('business_subscriptions', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  subscriptionId: text('subscription_id').notNull().unique(),
  plan: text('plan').notNull(),
  cycle: text('cycle', { enum: billingCycles }).notNull(),
  currency: text('currency', { enum: currencies }).notNull(),
  seats: integer('seats').notNull(),
  status: text('status', { enum: providerSubscriptionStatuses }).notNull(),
  currentPeriodStart: at('current_period_start').notNull(),
  currentPeriodEnd: at('current_period_end').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
  /** Seats the provider will bill from the next period on, when fewer were asked for; null when unchanged. */
  seatsAtPeriodEnd: integer('seats_at_period_end'),
  promoCode: text('promo_code'),
  syncedAt: at('synced_at').notNull(),
})

/** Events the providers sent (webhooks), kept once by their id: a replay finds its id and is ignored. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  subscriptionId: text('subscription_id'),
  customerId: text('customer_id'),
  receivedAt: at('received_at').notNull(),
})

/** Invoices written by hand for businesses on manual invoicing (SPEC §4 MANUAL), amounts in minor units. */
export const manualInvoices = pgTable(
  'manual_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    currency: text('currency', { enum: currencies }).notNull(),
    lines: jsonb('lines').$type<ProviderInvoiceLine[]>().notNull(),
    subtotal: integer('subtotal').notNull(),
    vatTreatment: text('vat_treatment', { enum: vatTreatments }).notNull(),
    /** In basis points (8.1 % = 810). */
    vatRate: integer('vat_rate').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    status: text('status', { enum: ['open', 'paid'] }).notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('manual_invoices_business_idx').on(table.businessId, table.createdAt)],
)

/**
 * The last number given in each series of invoice numbers of this deployment's seller. Taken in the
 * transaction that writes the invoice, so the numbers of a series run without gaps: a rolled back invoice
 * gives its number back, and the row's lock makes concurrent invoices wait their turn.
 */
export const invoiceSequences = pgTable('invoice_sequences', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
})

/**
 * The sandbox billing provider's own records (customers, setup intents, payment methods, subscriptions,
 * invoices, promotion codes), as the real provider would keep them on its side.
 */
export const sandboxBillingObjects = pgTable(
  'sandbox_billing_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    customerId: text('customer_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('sandbox_billing_objects_customer_idx').on(table.customerId, table.kind)],
)

/** The business settings as stored: the support contact has its own columns. */
export type StoredBusinessSettings = Omit<BusinessSettings, 'supportContact'>

/**
 * The plans a business can be on (SPEC §4 names), prices per seat in minor units: data a migration seeds and
 * later ones change, never constants in code.
 */
export const pricePlans = pgTable('price_plans', {
  id: text('id').primaryKey(),
  tier: text('tier', { enum: planTiers }).notNull(),
  selfService: boolean('self_service').notNull(),
  minSeats: integer('min_seats').notNull(),
  maxSeats: integer('max_seats'),
  seatPrices: jsonb('seat_prices').$type<PricePlan['seatPrices']>().notNull(),
  identPrices: jsonb('ident_prices').$type<PricePlan['identPrices']>().notNull(),
  /** Where it stands in the list: cheaper first. */
  position: integer('position').notNull(),
})

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
 * A business's seals (SPEC §3 Seal): organisation signing identities with their own certificate from the
 * platform CA, used by the members and API users allowed in {@link sealMembers}.
 */
export const seals = pgTable(
  'seals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** SPEC §3 Seal name (accountName): unique across businesses, as `POST /v3/sign` names no business. */
    accountName: text('account_name').notNull().unique(),
    /** SPEC §3 Seal label (displayName). */
    displayName: text('display_name').notNull(),
    quality: text('quality', { enum: ['aes', 'qes'] }).notNull(),
    /** The organisation certificate, PEM; issued when the seal is made (or the QTSP credential's, as it was then). */
    certificatePem: text('certificate_pem').notNull(),
    /** Its private key, sealed with the key-encryption key (server/keys/key-ring.ts); null when the QTSP holds it. */
    sealedPrivateKey: text('sealed_private_key'),
    /** A qualified seal held by the QTSP (CSC_*): the legal person's credential there (`credentialID`). */
    qtspCredentialId: text('qtsp_credential_id'),
    /** Storage key of the seal's image (PNG or JPEG) shown in its appearance; null when it has none. */
    imageKey: text('image_key'),
    imageType: text('image_type'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('seals_business_idx').on(table.businessId),
    // A seal's key is either the platform's (sealed here) or the QTSP's, never both nor neither.
    check(
      'seals_key_holder',
      sql`(${table.sealedPrivateKey} is null) <> (${table.qtspCredentialId} is null)`,
    ),
  ],
)

/** Who may use a seal: members of its business and its API users (both are accounts). */
export const sealMembers = pgTable(
  'seal_members',
  {
    sealId: uuid('seal_id')
      .notNull()
      .references(() => seals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.sealId, table.userId] }),
    index('seal_members_user_idx').on(table.userId),
  ],
)

/** Company domains whose users sign in with their company's identity provider (single sign-on). */
export const ssoDomains = pgTable('sso_domains', {
  domain: text('domain').primaryKey(),
  issuerUrl: text('issuer_url').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
})

/** Size of one page in PDF points, as `document.page_sizes` keeps it. */
export type StoredPageSize = { width: number; height: number }

/**
 * Uploaded PDFs (SPEC §3): immutable, their bytes stored once per SHA-256 under `documentKey(sha256)`, so
 * two rows may share one stored file; the file goes when the last row of its hash goes.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sha256: text('sha256').notNull(),
    title: text('title').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    pageCount: integer('page_count').notNull(),
    pageSizes: jsonb('page_sizes').$type<StoredPageSize[]>().notNull(),
    /** Empty areas for signatures near the document's end, found when it was uploaded (suggested fields). */
    freeAreas: jsonb('free_areas').$type<PageBox[]>().notNull().default([]),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('documents_owner_id_idx').on(table.ownerId),
    index('documents_sha256_idx').on(table.sha256),
  ],
)

/** Overall statuses a request is stored with (SPEC §4). */
const requestStatuses = [
  'DRAFT',
  'OPEN',
  'SIGNED',
  'DECLINED',
  'WITHDRAWN',
  'EXPIRED',
] as const satisfies readonly SignatureRequestStatus[]

/** Statuses a signature is stored with. */
const signatureStatuses = [
  'OPEN',
  'SIGNED',
  'DECLINED',
  'WITHDRAWN',
] as const satisfies readonly SignerStatus[]

/** Signature requests (SPEC §3): a sender asks signers to sign documents; its status follows the machine. */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    statusOverall: text('status_overall', { enum: requestStatuses }).notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    lastRemindedAt: at('last_reminded_at'),
    /** When the owner took the ended request off their list (it stays for the signers who have not). */
    ownerRemovedAt: at('owner_removed_at'),
    /** Where an API user that sent the request is told of its changes; null when it asked for none. */
    callbacks: jsonb('callbacks').$type<RequestCallbacks>(),
    /** When its participants were told that the business's retention deletes it in a week. */
    retentionWarnedAt: at('retention_warned_at'),
    /**
     * The least quality its signers must sign with (null: any, as each signer holds); a signer holding less
     * is sent to identification first.
     */
    quality: text('quality', { enum: signatureQualities }),
    /** The legislation a qualified (or advanced) signature must be valid under; null: either. */
    legislation: text('legislation', { enum: legislations }),
    /** When an open request expires if it has not ended before; null: never. */
    expiresAt: at('expires_at'),
    /** Automatic reminders: every so many days while open (null: none), at most `remindAtMost` times. */
    remindEveryDays: integer('remind_every_days'),
    remindAtMost: integer('remind_at_most'),
    /** How many automatic reminders were sent. */
    remindersSent: integer('reminders_sent').notNull().default(0),
  },
  (table) => [
    index('signature_requests_owner_status_idx').on(table.ownerId, table.statusOverall, table.createdAt),
  ],
)

/** The documents of a request, in the order the sender added them. */
export const signatureRequestDocuments = pgTable(
  'signature_request_documents',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    /**
     * The latest signed version of this document in this request, stored under `documentKey(signedSha256)`;
     * null until the first signature. Written only after the new file is stored, so it never points at nothing.
     */
    signedSha256: text('signed_sha256'),
    signedSize: bigint('signed_size', { mode: 'number' }),
    /**
     * When the certificate of the timestamp authority of the signed version's archive timestamp (its last
     * document timestamp) expires, by which it is renewed; `infinity` for one without any. Null while not known
     * (not completed, or completed before it was kept): the renewal reads the document to learn it.
     */
    archiveExpiresAt: at('archive_expires_at'),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.documentId] }),
    index('signature_request_documents_document_idx').on(table.documentId),
    index('signature_request_documents_archive_idx').on(table.archiveExpiresAt),
  ],
)

/** What the sender said about a signer who has no account yet. */
export type SignerIdentityData = {
  emailAddress: string
  firstName?: string
  lastName?: string
  mobileNumber?: string
  language?: string
}

/**
 * One signer of a request. `signerId` is set when the address belongs to an account; `accountEmail` is the
 * address in lower case either way, which is how a signer finds the requests they sign.
 */
export const signatures = pgTable(
  'signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id').references(() => users.id, { onDelete: 'set null' }),
    accountEmail: text('account_email').notNull(),
    signerIdentityData: jsonb('signer_identity_data').$type<SignerIdentityData>(),
    status: text('status', { enum: signatureStatuses }).notNull(),
    signedAt: at('signed_at'),
    /** Quality, signing name and reason the signer signed with (SPEC §3 Signing payload). */
    quality: text('quality', { enum: signatureQualities }),
    signingName: text('signing_name'),
    signingReason: text('signing_reason'),
    /**
     * Where the signer's visible signature goes, one field per document, as the sender placed it; once
     * signed, where it went. Empty: not placed, the answer suggests one.
     */
    documentSignatures: jsonb('document_signatures').$type<SignatureField[]>().notNull().default([]),
    /** The fields besides the signature this signer fills, with their values once given (on signing, the signer's). */
    formFields: jsonb('form_fields').$type<FormField[]>().notNull().default([]),
    /** What a direct-link signer set through `PUT /v1/direct/user` (user attributes of SPEC §3). */
    directAttributes: jsonb('direct_attributes').$type<Record<string, string[]>>().notNull().default({}),
    /** The last TAN mailed to a direct-link signer, as SHA-256: single use, expiring, locked after 5 misses. */
    tanHash: text('tan_hash'),
    tanExpiresAt: at('tan_expires_at'),
    tanFailedAttempts: integer('tan_failed_attempts').notNull().default(0),
    /** When the signer last entered the right TAN; signing a simple signature needs one since the last mail. */
    tanConfirmedAt: at('tan_confirmed_at'),
    /** When the signer took the ended request off their list (it stays for the others who have not). */
    removedAt: at('removed_at'),
    /** The seal the signer signed with instead of their own name (SPEC §3 Signing payload sealAccountName). */
    sealId: uuid('seal_id').references(() => seals.id, { onDelete: 'set null' }),
    /**
     * The signer's position in the signing order: lower signs first, equal positions in parallel; all 1 (the
     * default) is a request signed in parallel.
     */
    sequence: integer('sequence').notNull().default(1),
  },
  (table) => [
    index('signatures_request_idx').on(table.requestId),
    index('signatures_email_status_idx').on(table.accountEmail, table.status),
    // Deleting an account unbinds its signatures through it.
    index('signatures_signer_idx').on(table.signerId),
  ],
)

/**
 * The direct links mailed to a signer without an account (`/view/{request id}/{signature id}?token=`), by the
 * SHA-256 of their secret: every link mailed for the signature opens it, so a reminder does not break the
 * link of the first mail, until the signature moves to an account or to another person.
 */
export const directLinks = pgTable(
  'direct_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    signatureId: uuid('signature_id')
      .notNull()
      .references(() => signatures.id, { onDelete: 'cascade' }),
  },
  (table) => [index('direct_links_signature_idx').on(table.signatureId)],
)

/**
 * The observers of a request (`cc_email_addresses`): people who sign nothing and get the signed documents by
 * mail once everyone has signed, with a link that shows the finished request read-only.
 */
export const signatureRequestObservers = pgTable(
  'signature_request_observers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    /**
     * SHA-256 of the secret of the observer's read-only link (`/observe/{request id}?token=`), mailed with the
     * signed documents; null until then.
     */
    readTokenHash: text('read_token_hash').unique(),
  },
  (table) => [uniqueIndex('signature_request_observers_email_idx').on(table.requestId, table.email)],
)

/**
 * The record of use of each signature given: what was signed, by whom, for which business, at which quality
 * and seal, and when; no document, title or message. The business's accounting: activity statistics and
 * exports read it, and it outlives the request and its documents (retention deletes those) for as long as the
 * activity reaches back (`maxActivityDays`, 731 days), and the signer's membership: it stays the business's
 * when they leave it or delete their account (then it names no signer). The database writes it: a trigger on
 * `signatures` (migrations 0020, 0023) keeps it in the transaction that records the signature, so no write can
 * forget it.
 */
export const signatureUsages = pgTable(
  'signature_usages',
  {
    /** The signature it records; no reference, as the signature goes with its request. */
    signatureId: uuid('signature_id').primaryKey(),
    requestId: uuid('request_id').notNull(),
    signerId: uuid('signer_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The business the signer signed for when they signed: the seal's, else the one they were a member or API
     * user of; null for a signer of no business.
     */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    /** The quality given; a signature recorded without one was simple. */
    quality: text('quality', { enum: signatureQualities }).notNull(),
    sealId: uuid('seal_id').references(() => seals.id, { onDelete: 'set null' }),
    signedAt: at('signed_at').notNull(),
  },
  (table) => [
    index('signature_usages_signer_idx').on(table.signerId, table.signedAt),
    index('signature_usages_signed_idx').on(table.signedAt),
    index('signature_usages_business_idx').on(table.businessId, table.signedAt),
  ],
)

/**
 * The requests on each user's list, one row per user and request, with the request's sort keys: the owner
 * while they have not taken it off, and each signer, by account or else by the account of the address the
 * signature was sent to, while their signature is not removed. The list pages through it in index order
 * and counts it, and whether a user takes part in a request is a lookup in it. The database keeps it:
 * triggers on requests, signatures and users (migration 0005), so no write can forget it.
 */
export const signatureRequestListings = pgTable(
  'signature_request_listings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    statusOverall: text('status_overall', { enum: requestStatuses }).notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.requestId] }),
    index('signature_request_listings_created_idx').on(table.userId, table.createdAt, table.requestId),
    index('signature_request_listings_updated_idx').on(table.userId, table.updatedAt, table.requestId),
    index('signature_request_listings_title_idx').on(table.userId, table.title, table.requestId),
    // The list's total counts a user's listings on every call: from this index alone, without their rows.
    index('signature_request_listings_status_idx').on(table.userId, table.statusOverall, table.requestId),
    index('signature_request_listings_request_idx').on(table.requestId),
  ],
)

/** The audit trail of a request (GET .../events): who did what, when, from which address. */
export const signatureRequestEvents = pgTable(
  'signature_request_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, which keeps events of the same millisecond in the order they happened. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('signature_request_events_request_idx').on(table.requestId, table.seq)],
)

/** Files attached to a request (SPEC §3 attachments), stored once per SHA-256 under `documentKey(sha256)`. */
export const signatureRequestAttachments = pgTable(
  'signature_request_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('signature_request_attachments_request_idx').on(table.requestId)],
)

/**
 * Work the product promised that runs after the answer (issue 11): mails, the hourly upkeep, later the
 * providers' webhooks. A job is written in the transaction of the change that promises it, claimed by one
 * process at a time (`for update skip locked`, under a short lease it renews while it runs), retried
 * with growing pauses, and kept as `failed` with its last error once it has run out of tries. A job with
 * a `key` exists once: a scheduled slot that several processes enqueue runs once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    key: text('key').unique(),
    state: text('state').$type<'waiting' | 'running' | 'done' | 'failed'>().notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    runAt: at('run_at').notNull(),
    lockedUntil: at('locked_until'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
  },
  // A lane claims the due jobs of its kinds; the state alone still leads for the upkeep's sweep of done jobs.
  (t) => [index('jobs_due_idx').on(t.state, t.kind, t.runAt)],
)

/** How a visual signature's image is made: its name typed in a handwriting font, drawn, or uploaded. */
export const visualSignatureKinds = ['typed', 'drawn', 'uploaded'] as const

/**
 * A user's visual signatures (SPEC §3 Visual signature): what a PAdES appearance draws for them. One may be
 * the default; a drawn or uploaded one has its image in storage.
 */
export const visualSignatures = pgTable(
  'visual_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull().default(''),
    name: text('name').notNull(),
    /** SPEC §3 optionalLine, shown as the company. */
    company: text('company').notNull().default(''),
    location: text('location').notNull().default(''),
    language: text('language').notNull().default('en'),
    kind: text('kind', { enum: visualSignatureKinds }).notNull().default('typed'),
    /** The handwriting font of a typed signature. */
    font: text('font'),
    /** Storage key of a drawn or uploaded image (PNG), null for a typed one. */
    imageKey: text('image_key'),
    displayDate: boolean('display_date').notNull().default(true),
    displayClaim: boolean('display_claim').notNull().default(true),
    displayStandards: boolean('display_standards').notNull().default(true),
    displayQr: boolean('display_qr').notNull().default(false),
    /** The standard the standards line names (SPEC §3 qual, leg, prov); null shows the highest held. */
    quality: text('quality'),
    legislation: text('legislation'),
    provider: text('provider'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    index('visual_signatures_user_idx').on(table.userId),
    // At most one default per user.
    uniqueIndex('visual_signatures_default_idx').on(table.userId).where(sql`${table.isDefault}`),
  ],
)

/** Legislations and modes of identification (SPEC §1, §2 identification methods). */
export const identificationProviders = ['eidas', 'zertes', 'austria'] as const
export const identificationModes = ['video', 'robo', 'autoident', 'eid'] as const
/** SPEC §4 Identification appointment statuses as a provider reports them. */
export const identificationStatuses = [
  'initialized',
  'inprogress',
  'success',
  'failure',
  'cancelled',
] as const

/**
 * Identifications of users (or of direct-link signers, by their signature) at an identification provider:
 * the appointment's status as the provider last reported it, and what it established on success.
 */
export const identifications = pgTable(
  'identifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A direct-link signer identifying for one signature. */
    signatureId: uuid('signature_id').references(() => signatures.id, { onDelete: 'cascade' }),
    /** The request the user was about to sign when they set out to identify (SPEC §7 POST signatureRequestId). */
    signatureRequestId: uuid('signature_request_id').references(() => signatureRequests.id, {
      onDelete: 'set null',
    }),
    provider: text('provider', { enum: identificationProviders }).notNull(),
    mode: text('mode', { enum: identificationModes }).notNull(),
    status: text('status', { enum: identificationStatuses }).notNull(),
    /** The provider's id of the appointment; webhooks name it. */
    providerRef: text('provider_ref').notNull().unique(),
    identUrl: text('ident_url').notNull(),
    /** What the provider established (names, birth date, document), on success. */
    result: jsonb('result').$type<Record<string, string>>(),
    /** The price paid, in minor units, or null when the business covered it. */
    amount: integer('amount'),
    currency: text('currency'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    completedAt: at('completed_at'),
  },
  (table) => [
    index('identifications_user_idx').on(table.userId),
    index('identifications_signature_idx').on(table.signatureId),
  ],
)

/** Provider webhook events already applied, by the provider's event id, so a replay changes nothing. */
export const identificationEvents = pgTable('identification_events', {
  id: text('id').primaryKey(),
  identificationId: uuid('identification_id')
    .notNull()
    .references(() => identifications.id, { onDelete: 'cascade' }),
  receivedAt: at('received_at').notNull(),
})

/** Where a mobile signing stands (SPEC §7 mobile signing provider, TAN). */
export const mobileSigningStatuses = ['pending', 'confirmed', 'cancelled', 'expired', 'locked'] as const

/**
 * A qualified signing waiting for the signer's confirmation on their phone: the sign call that asked for it
 * (replayed once confirmed), the one-time password the mobile signing provider sent (kept as a hash), and how
 * many wrong answers are left.
 */
export const mobileSignings = pgTable(
  'mobile_signings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account that signs, or, for a direct-link signer, null with {@link signatureId} set. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    signatureId: uuid('signature_id').references(() => signatures.id, { onDelete: 'cascade' }),
    /** The mobile signing provider's name in the route (`/v3/{provider}/proceed/{id}`). */
    provider: text('provider').notNull(),
    /** The provider's reference of this transaction. */
    providerRef: text('provider_ref').notNull(),
    /** The mobile number the one-time password went to. */
    mobile: text('mobile').notNull(),
    /** The sign call's body, signed once the signer confirms. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    secretHash: text('secret_hash').notNull(),
    status: text('status', { enum: mobileSigningStatuses }).notNull(),
    triesLeft: integer('tries_left').notNull(),
    sentCount: integer('sent_count').notNull().default(1),
    lastSentAt: at('last_sent_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('mobile_signings_user_idx').on(table.userId)],
)

/** A licence payment: started, at the bank (paid once it answers), paid (covers), failed, or used by an identification. */
export const identificationPaymentStatuses = ['pending', 'processing', 'paid', 'failed', 'used'] as const

/**
 * An identification licence someone without a covering business pays for once (SPEC §7 identification
 * payment): charged through the card provider, then used by the identification it was bought for.
 */
export const identificationPayments = pgTable(
  'identification_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A direct-link signer paying for the identification of one signature. */
    signatureId: uuid('signature_id').references(() => signatures.id, { onDelete: 'cascade' }),
    legislation: text('legislation').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    status: text('status', { enum: identificationPaymentStatuses }).notNull(),
    /** The card provider's id of the charge (a Stripe PaymentIntent, or the sandbox's). */
    providerPaymentId: text('provider_payment_id').unique(),
    /** The identification that used the licence. */
    identificationId: uuid('identification_id').references(() => identifications.id, {
      onDelete: 'set null',
    }),
    createdAt: at('created_at').notNull(),
    paidAt: at('paid_at'),
  },
  (table) => [index('identification_payments_user_idx').on(table.userId)],
)

/** What a certificate of the platform's PKI is for. */
export const pkiCertificateKinds = [
  'issuing_ca',
  /** One root's certificate of the next root's key, or the next one's of its own (pki.ts, renewRootCa). */
  'link_ca',
  'tsa',
  'ocsp_responder',
  'platform',
  'signer',
  'seal',
  /** A copy of another certificate (same key) under a fresh serial, minted for one signature. */
  'signature',
] as const

/**
 * RFC 5280 §5.3.1 reasons a certificate is revoked for, by their ASN.1 names; a revocation is final, so
 * certificateHold and removeFromCRL are not among them.
 */
export const revocationReasons = [
  'unspecified',
  'keyCompromise',
  'cACompromise',
  'affiliationChanged',
  'superseded',
  'cessationOfOperation',
  'privilegeWithdrawn',
  'aACompromise',
] as const

/**
 * Every certificate the platform's CAs issued, so that OCSP answers good, revoked or unknown and each CA's CRL
 * lists the revoked ones. Rows outlive what they belong to (a deleted seal's certificate stays revoked).
 */
export const pkiCertificates = pgTable(
  'pki_certificates',
  {
    /** The serial number as lowercase hex of its DER content octets. */
    serial: text('serial').notNull(),
    /** The CA that issued it (contract/pki.ts). */
    ca: text('ca').$type<PkiCa>().notNull(),
    kind: text('kind', { enum: pkiCertificateKinds }).notNull(),
    /** The subject as RFC 4514 text (`CN=Ann Example,O=Signet`). */
    subject: text('subject').notNull(),
    notBefore: at('not_before').notNull(),
    notAfter: at('not_after').notNull(),
    /** For a `signature` copy: the serial of the certificate it copies, whose revocation revokes it too. */
    baseSerial: text('base_serial'),
    revokedAt: at('revoked_at'),
    revocationReason: text('revocation_reason', { enum: revocationReasons }),
  },
  (table) => [
    primaryKey({ columns: [table.ca, table.serial] }),
    index('pki_certificates_base_serial_idx').on(table.baseSerial),
    index('pki_certificates_revoked_idx').on(table.ca).where(sql`${table.revokedAt} is not null`),
  ],
)

/**
 * Templates (issue 41 §1): a request to send again and again, with roles ("Employee", "HR") where a request has
 * people. A template belongs to its owner; with `businessId` set, the owner's business shares it (its admins
 * edit it, its members use it). Its expiry is a number of days from when a request is started from it.
 */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The business that shares it with its members; null: its owner's alone. */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    quality: text('quality', { enum: signatureQualities }),
    legislation: text('legislation', { enum: legislations }),
    /** A request started from it expires this many days later; null: never. */
    expiresAfterDays: integer('expires_after_days'),
    remindEveryDays: integer('remind_every_days'),
    remindAtMost: integer('remind_at_most'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    index('templates_owner_idx').on(table.ownerId),
    index('templates_business_idx').on(table.businessId),
  ],
)

/**
 * A template's documents: copies of the uploaded documents' metadata, whose stored file (content-addressed by
 * `sha256`) the template keeps: the orphan sweep and the release of files count these rows as references, and
 * deleting the documents or requests they were copied from leaves them.
 */
export const templateDocuments = pgTable(
  'template_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sha256: text('sha256').notNull(),
    title: text('title').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    pageCount: integer('page_count').notNull(),
    pageSizes: jsonb('page_sizes').$type<StoredPageSize[]>().notNull(),
    freeAreas: jsonb('free_areas').$type<PageBox[]>().notNull().default([]),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('template_documents_template_idx').on(table.templateId, table.position),
    index('template_documents_sha256_idx').on(table.sha256),
  ],
)

/**
 * A template's roles in their order: who signs where (fields on the template's documents), named instead of a
 * person; a request started from the template names a signer for each.
 */
export const templateRoles = pgTable(
  'template_roles',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    sequence: integer('sequence').notNull().default(1),
    documentSignatures: jsonb('document_signatures').$type<SignatureField[]>().notNull().default([]),
    /** Its fields besides the signature; a value here is the sender's, given beforehand. */
    formFields: jsonb('form_fields').$type<FormField[]>().notNull().default([]),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.position] })],
)
