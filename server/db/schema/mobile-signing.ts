import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { at } from './columns.ts'
import { signatures } from './signature-requests.ts'

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
