import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { apiUsers } from './businesses.ts'
import { at } from './columns.ts'
import { signatures } from './signature-requests.ts'

/**
 * Embedded signing (issue 41 §3): the origins (`https://erp.example.com`) whose pages may show the signing page
 * of an API user's signers in a frame, one row each; none, and nothing may frame it.
 */
export const apiUserEmbedOrigins = pgTable(
  'api_user_embed_origins',
  {
    apiUserId: uuid('api_user_id')
      .notNull()
      .references(() => apiUsers.userId, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
  },
  (table) => [primaryKey({ columns: [table.apiUserId, table.origin] })],
)

/**
 * A short-lived link an API user asked for (`POST /v3/signature-requests/{id}/signing-url`) that opens the
 * embedded signing page for one direct-link signer, framed by `origin` only. Its secret is kept as SHA-256; it
 * opens one signing session (`usedAt`), before `expiresAt` by the server's clock.
 */
export const embeddedSigningLinks = pgTable(
  'embedded_signing_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    signatureId: uuid('signature_id')
      .notNull()
      .references(() => signatures.id, { onDelete: 'cascade' }),
    apiUserId: uuid('api_user_id')
      .notNull()
      .references(() => apiUsers.userId, { onDelete: 'cascade' }),
    /** The host page's origin, the only one the embedded page posts its messages to. */
    origin: text('origin').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [index('embedded_signing_links_signature_idx').on(table.signatureId)],
)
