import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { RequestCallbacks } from '../../../contract/api-users.ts'
import type { FormField } from '../../../contract/form-fields.ts'
import type { SignatureField } from '../../../contract/signature-fields.ts'
import { signatureQualities } from '../../../contract/signature-qualities.ts'
import type { SignatureRequestStatus, SignerStatus } from '../../../contract/signature-request-status.ts'
import { signerAuthentications } from '../../../contract/signature-requests.ts'
import { legislations } from '../../../machines/identification/identification.types.ts'
import { users } from './accounts.ts'
import { businesses, signerGroups } from './businesses.ts'
import { at } from './columns.ts'
import { documents } from './documents.ts'
import { seals } from './seals.ts'

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
    /** How the signer proves who they are when they sign (issue 42 §5); `tan` is how every signer did before. */
    authentication: text('authentication', { enum: signerAuthentications }).notNull().default('tan'),
    /**
     * The signer group asked to sign (issue 43): any one of its members signs, who becomes `signerId` and
     * `accountEmail` then (empty before). Every member of the group takes part in the request.
     */
    groupId: uuid('group_id').references(() => signerGroups.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('signatures_request_idx').on(table.requestId),
    index('signatures_group_idx').on(table.groupId),
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
 * The signer groups observing a request (issue 43): every member observes. When the request is signed, the
 * members of each group then become observers by their address, with a read-only link of their own.
 */
export const signatureRequestObserverGroups = pgTable(
  'signature_request_observer_groups',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => signerGroups.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.groupId] }),
    index('signature_request_observer_groups_group_idx').on(table.groupId),
  ],
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
