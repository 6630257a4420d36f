import { eq } from 'drizzle-orm'
import type { Currency } from '../../contract/price-plans.ts'
import { vatBasisPoints, vatOn, vatTreatment } from '../../machines/business-payment/vat.ts'
import { loadBillingBusiness } from '../businesses/payment-state.ts'
import type { Database } from '../db/open-database.ts'
import { manualInvoices } from '../db/schema/billing.ts'
import { businesses } from '../db/schema/businesses.ts'
import { invoiceSeries, nextInvoiceNumber } from './invoice-numbers.ts'

/**
 * Puts a business on manual invoicing (SPEC §4 MANUAL), as agreed with sales, or takes it off again (back
 * to needing a payment method). Its trial and payment issue end; its admins then find its invoices.
 */
export async function setManualInvoicing(db: Database, businessId: string, manual: boolean): Promise<void> {
  const { subscription } = await loadBillingBusiness(db, businessId)
  const running =
    subscription !== null &&
    subscription.status !== 'canceled' &&
    subscription.status !== 'incomplete_expired'
  // Its card would go on being charged beside the invoices: the admins cancel first, and it ends.
  if (manual && running) throw new Error('The business pays by card: its subscription must end first')
  await db
    .update(businesses)
    .set(
      manual
        ? { paymentMethod: 'MANUAL', trialEndsAt: null, paymentIssueSince: null }
        : { paymentMethod: 'NEEDS_PAYMENT_METHOD' },
    )
    .where(eq(businesses.id, businessId))
}

/** One invoice written by hand: a line, the period it covers, and whether it is paid already. */
export type ManualInvoiceInput = {
  description: string
  quantity: number
  /** Per unit, in minor units, before VAT. */
  unitAmount: number
  currency: Currency
  periodStart: Date
  periodEnd: Date
  paid: boolean
}

/** Writes an invoice for a manually invoiced business, VAT by its billing country; answers its number. */
export async function writeManualInvoice(
  db: Database,
  businessId: string,
  input: ManualInvoiceInput,
  now: Date,
): Promise<string> {
  const { business } = await loadBillingBusiness(db, businessId)
  if (business.paymentMethod !== 'MANUAL') throw new Error('The business is not on manual invoicing')
  const subtotal = input.quantity * input.unitAmount
  const treatment = vatTreatment(business.billing.country)
  const vatRate = vatBasisPoints(treatment)
  const tax = vatOn(subtotal, vatRate)
  return db.transaction(async (tx) => {
    const number = await nextInvoiceNumber(tx, invoiceSeries.manual)
    await tx.insert(manualInvoices).values({
      businessId,
      number,
      currency: input.currency,
      lines: [{ description: input.description, quantity: input.quantity, amount: subtotal }],
      subtotal,
      vatTreatment: treatment,
      vatRate,
      tax,
      total: subtotal + tax,
      status: input.paid ? 'paid' : 'open',
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      createdAt: now,
    })
    return number
  })
}
