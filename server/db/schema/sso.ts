import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { at } from './columns.ts'

/**
 * SAML authentication requests this app sent and has not had answered: an assertion is accepted only in
 * response to one of them (its InResponseTo), sent to the identity provider that signed it, once.
 */
export const samlRequests = pgTable(
  'saml_requests',
  {
    id: text('id').primaryKey(),
    /** The identity provider's entity id, as `sso_domains.issuer_url` holds it. */
    issuer: text('issuer').notNull(),
    /** What node-saml stored with the request: the instant it made it. */
    value: text('value').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('saml_requests_expires_at_idx').on(table.expiresAt)],
)

/**
 * The replay cache: ids of SAML assertions already used to sign in, per identity provider, kept until
 * the assertions expire, after which they are refused as expired anyway.
 */
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    issuer: text('issuer').notNull(),
    id: text('id').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.id] }),
    index('saml_assertions_expires_at_idx').on(table.expiresAt),
  ],
)
