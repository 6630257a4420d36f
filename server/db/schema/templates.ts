import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import type { FormField } from '../../../contract/form-fields.ts'
import type { PageBox, SignatureField } from '../../../contract/signature-fields.ts'
import { signatureQualities } from '../../../contract/signature-qualities.ts'
import { signerAuthentications } from '../../../contract/signature-requests.ts'
import { legislations } from '../../../machines/identification/identification.types.ts'
import { users } from './accounts.ts'
import { businesses } from './businesses.ts'
import { at } from './columns.ts'
import type { StoredPageSize } from './documents.ts'

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
    /** How the signer of the role proves who they are (issue 42 §5); a request's signer takes it over. */
    authentication: text('authentication', { enum: signerAuthentications }).notNull().default('tan'),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.position] })],
)

/**
 * A template's public link (issue 41 §1): anyone who opens it may sign the template as its one role, once they
 * confirm their e-mail. Only the SHA-256 of the link's secret is kept; switching the link off deletes the row,
 * so the link stops working at once, and switching it on again makes a new link.
 */
export const publicTemplateLinks = pgTable('public_template_links', {
  templateId: uuid('template_id')
    .primaryKey()
    .references(() => templates.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: at('created_at').notNull(),
})

/**
 * A visitor of a public link confirming their e-mail: the hash of the code mailed to them, its expiry and the
 * wrong codes entered; `requestId` is the request started for them once the code was right (the code is then
 * used up).
 */
export const publicTemplateVisits = pgTable(
  'public_template_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    requestId: uuid('request_id'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('public_template_visits_template_idx').on(table.templateId)],
)
