import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import { productName } from '../../contract/app-config.ts'
import type { BillingAddress } from '../../contract/businesses.ts'
import type { ProviderInvoice } from '../providers/billing/billing-provider.ts'

/** Minor units as a price, e.g. 25000 CHF as `CHF 250.00` (invoices are in English, like the provider's). */
function money(amount: number, currency: string): string {
  const sign = amount < 0 ? '-' : ''
  const abs = Math.abs(amount)
  return `${sign}${currency} ${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

const day = (date: Date) => date.toISOString().slice(0, 10)

/**
 * Draws an invoice as a one-page A4 PDF: the business's name, address and VAT number (which an EU
 * business's invoices must carry), the lines, discount, VAT and total.
 */
export async function renderInvoicePdf(
  invoice: ProviderInvoice,
  business: { name: string; billing: BillingAddress },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`Invoice ${invoice.number}`)
  pdf.setProducer(productName)
  const page = pdf.addPage([595.28, 841.89])
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  let y = 780
  const text = (value: string, x: number, options: { bold?: boolean; size?: number } = {}) =>
    page.drawText(value, {
      x,
      y,
      size: options.size ?? 10,
      font: options.bold ? bold : regular,
      color: rgb(0.1, 0.1, 0.1),
    })
  const right = (value: string, x: number, isBold = false) => {
    const font = isBold ? bold : regular
    page.drawText(value, { x: x - font.widthOfTextAtSize(value, 10), y, size: 10, font })
  }
  text(productName, 50, { bold: true, size: 16 })
  text(`Invoice ${invoice.number}`, 350, { bold: true, size: 14 })
  y -= 40
  const { address1, address2, postalCode, city, country, vat } = business.billing
  for (const line of [business.name, address1, address2, `${postalCode} ${city}`, country]) {
    if (line.trim() === '') continue
    text(line, 50)
    y -= 14
  }
  if (vat !== '') {
    text(`VAT number: ${vat}`, 50)
    y -= 14
  }
  y -= 20
  text(`Date: ${day(invoice.createdAt)}`, 50)
  text(`Period: ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`, 250)
  y -= 14
  text(`Status: ${invoice.status}`, 50)
  y -= 30
  text('Description', 50, { bold: true })
  text('Quantity', 350, { bold: true })
  right('Amount', 545, true)
  y -= 18
  for (const line of invoice.lines) {
    text(line.description.slice(0, 60), 50)
    text(String(line.quantity), 350)
    right(money(line.amount, invoice.currency), 545)
    y -= 16
  }
  y -= 10
  page.drawLine({ start: { x: 50, y: y + 8 }, end: { x: 545, y: y + 8 }, thickness: 0.5 })
  const totals: [string, number, boolean][] = [
    ['Subtotal', invoice.subtotal, false],
    ['Discount', -invoice.discount, false],
    ['VAT', invoice.tax, false],
    ['Total', invoice.total, true],
  ]
  for (const [label, amount, isBold] of totals) {
    if (label === 'Discount' && amount === 0) continue
    text(label, 350, { bold: isBold })
    right(money(amount, invoice.currency), 545, isBold)
    y -= 16
  }
  return pdf.save()
}
