import { desc, eq } from 'drizzle-orm'
import type { Invoice } from '../../contract/billing.ts'
import { loadBillingBusiness } from '../businesses/payment-state.ts'
import { manualInvoices } from '../db/schema/billing.ts'
import { ApiError } from '../http/api-error.ts'
import type { ProviderInvoice } from '../providers/billing/billing-provider.ts'
import { type BillingServices, requireProviders } from './billing-services.ts'
import { renderInvoicePdf } from './invoice-pdf.ts'
import type { Seller } from './seller.ts'

const invoiceNotFound = () =>
  new ApiError(404, 'billing.invoice_not_found', 'No such invoice of this business')

/** Every invoice of the business, newest first, with what its PDF needs. */
async function businessInvoices(services: BillingServices, businessId: string): Promise<ProviderInvoice[]> {
  const { business } = await loadBillingBusiness(services.db, businessId)
  const manual = await services.db
    .select()
    .from(manualInvoices)
    .where(eq(manualInvoices.businessId, businessId))
    .orderBy(desc(manualInvoices.createdAt))
  const written: ProviderInvoice[] = manual.map((row) => ({
    ...row,
    customerId: businessId,
    subscriptionId: null,
    discount: 0,
    pdfUrl: null,
  }))
  if (business.customerId === null || services.billing === null) return written
  const provided = await requireProviders(services).subscriptions.listInvoices(business.customerId)
  return [...provided, ...written].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
}

/** GET /v2/businesses/{id}/invoices: the invoices of the provider and the ones written by hand. */
export async function listInvoices(services: BillingServices, businessId: string): Promise<Invoice[]> {
  return (await businessInvoices(services, businessId)).map((invoice) => ({
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency,
    subtotal: invoice.subtotal,
    discount: invoice.discount,
    tax: invoice.tax,
    total: invoice.total,
    createdAt: invoice.createdAt.toISOString(),
    periodStart: invoice.periodStart.toISOString(),
    periodEnd: invoice.periodEnd.toISOString(),
  }))
}

/**
 * GET /v2/businesses/{id}/invoices/{invoiceId}/pdf: the provider's own PDF where it has one (a redirect),
 * else ours, drawn with the seller's and the business's names, addresses and VAT numbers; 503
 * `billing.unavailable` on a server that names no seller (production without SELLER_*).
 */
export async function invoicePdf(
  services: BillingServices & { seller: Seller | null },
  businessId: string,
  invoiceId: string,
): Promise<{ redirect: string } | { pdf: Uint8Array; number: string }> {
  const invoice = (await businessInvoices(services, businessId)).find((found) => found.id === invoiceId)
  if (invoice === undefined) throw invoiceNotFound()
  if (invoice.pdfUrl !== null) return { redirect: invoice.pdfUrl }
  if (services.seller === null) {
    throw new ApiError(503, 'billing.unavailable', 'No seller is configured to issue invoices on this server')
  }
  const { business } = await loadBillingBusiness(services.db, businessId)
  return { pdf: await renderInvoicePdf(invoice, services.seller, business), number: invoice.number }
}
