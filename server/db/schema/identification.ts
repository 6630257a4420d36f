import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { currencies } from '../../../contract/price-plans.ts'
import { users } from './accounts.ts'
import { at } from './columns.ts'
import { signatureRequests, signatures } from './signature-requests.ts'

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
