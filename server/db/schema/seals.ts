import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { businesses } from './businesses.ts'
import { at } from './columns.ts'

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
