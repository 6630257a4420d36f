import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { billingCycles, currencies, type PricePlan, planTiers } from '../../../contract/price-plans.ts'
import { vatTreatments } from '../../../machines/business-payment/vat.ts'
import {
  type ProviderInvoiceLine,
  providerSubscriptionStatuses,
} from '../../providers/billing/billing-provider.ts'
import { businesses } from './businesses.ts'
import { at } from './columns.ts'

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
