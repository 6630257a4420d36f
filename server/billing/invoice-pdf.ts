import { type EmbeddedFont, layoutText, PDF, type PDFPage, rgb } from '@libpdf/core'
import type { BillingAddress } from '../../contract/businesses.ts'
import type { VatTreatment } from '../../machines/business-payment/vat.ts'
import { embedTextFonts, printable } from '../pdf-fonts.ts'
import type { ProviderInvoice } from '../providers/billing/billing-provider.ts'
import { invoiceDate, servicePeriod } from './invoice-words.ts'
import type { Seller } from './seller.ts'

/** Minor units as a price, e.g. 125000 CHF as `CHF 1,250.00` (invoices are in English, like the provider's). */
function money(amount: number, currency: string): string {
  const sign = amount < 0 ? '-' : ''
  const abs = Math.abs(amount)
  const whole = Math.floor(abs / 100).toLocaleString('en-GB')
  return `${sign}${currency} ${whole}.${String(abs % 100).padStart(2, '0')}`
}

/** 810 basis points as `8.1%`. */
const percent = (basisPoints: number) => `${basisPoints / 100}%`

/** What an invoice says about the VAT it does not charge, as Swiss and EU law ask. */
const vatNotes: Record<VatTreatment, string | null> = {
  swiss: null,
  reverseCharge:
    'Reverse charge: the recipient accounts for the VAT (Article 196, Council Directive 2006/112/EC).',
  export: 'Service provided abroad: not subject to Swiss VAT (Art. 8 para. 1 MWSTG).',
}

const statuses: Record<ProviderInvoice['status'], string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
}

// Billing countries are two letters (contract/businesses.ts), which DisplayNames always takes.
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' })
const countryName = (code: string) => countryNames.of(code) ?? code

const margin = 50
const ink = rgb(0.1, 0.1, 0.12)
const muted = rgb(0.38, 0.4, 0.45)

/**
 * Draws an invoice as a one-page A4 PDF with what Swiss MWST and EU VAT law ask of it: the seller's name,
 * address and VAT number; the buyer's name, address and VAT number; its number, date and period of
 * service; the lines in words; the VAT rate and amount, or why none is charged (reverse charge, export);
 * and the totals. Names print as written in Latin, Greek or Cyrillic script.
 */
export async function renderInvoicePdf(
  invoice: ProviderInvoice,
  seller: Seller,
  buyer: { name: string; billing: BillingAddress },
): Promise<Uint8Array> {
  const pdf = PDF.create()
  pdf.setTitle(`Invoice ${invoice.number}`)
  pdf.setAuthor(seller.name)
  const fonts = await embedTextFonts(pdf)
  const page: PDFPage = pdf.addPage({ size: 'a4' })
  const right = page.width - margin
  const text = (
    value: string,
    x: number,
    y: number,
    options: { bold?: boolean; size?: number; color?: ReturnType<typeof rgb>; align?: 'right' } = {},
  ) => {
    const font: EmbeddedFont = options.bold ? fonts.bold : fonts.regular
    const size = options.size ?? 10
    const shown = printable(font, value)
    const left = options.align === 'right' ? x - font.widthOfTextAtSize(shown, size) : x
    page.drawText(shown, { x: left, y, size, font, color: options.color ?? ink })
  }
  /** Lines from `y` down, 14 points apart; answers where the next line would go. */
  const lines = (values: string[], x: number, y: number, options: { align?: 'right' } = {}) => {
    let at = y
    for (const value of values.filter((line) => line.trim() !== '')) {
      text(value, x, at, options)
      at -= 14
    }
    return at
  }

  let top = page.height - margin - 10
  text(seller.name, margin, top, { bold: true, size: 14 })
  const sellerEnd = lines([...seller.address, `VAT number: ${seller.vatNumber}`], margin, top - 18)
  text('Invoice', right, top, { bold: true, size: 18, align: 'right' })
  const headerEnd = lines(
    [
      `Number: ${invoice.number}`,
      `Date: ${invoiceDate(invoice.createdAt)}`,
      `Period of service: ${servicePeriod(invoice.periodStart, invoice.periodEnd)}`,
      `Status: ${statuses[invoice.status]}`,
    ],
    right,
    top - 18,
    { align: 'right' },
  )

  top = Math.min(sellerEnd, headerEnd) - 24
  const { address1, address2, postalCode, city, country, vat } = buyer.billing
  text('Bill to', margin, top, { bold: true, color: muted })
  const buyerLines = [buyer.name, address1, address2, `${postalCode} ${city}`, countryName(country)]
  let y = lines(vat.trim() === '' ? buyerLines : [...buyerLines, `VAT number: ${vat}`], margin, top - 16)

  y -= 24
  const quantityX = 380
  text('Description', margin, y, { bold: true })
  text('Quantity', quantityX, y, { bold: true, align: 'right' })
  text('Amount', right, y, { bold: true, align: 'right' })
  page.drawLine({ start: { x: margin, y: y - 6 }, end: { x: right, y: y - 6 }, thickness: 0.5, color: muted })
  y -= 22
  for (const line of invoice.lines) {
    const description = printable(fonts.regular, line.description)
    const { lines: wrapped } = layoutText(description, fonts.regular, 10, quantityX - margin - 60, 13)
    text(String(line.quantity), quantityX, y, { align: 'right' })
    text(money(line.amount, invoice.currency), right, y, { align: 'right' })
    for (const part of wrapped) {
      text(part.text, margin, y)
      y -= 13
    }
    y -= 5
  }
  page.drawLine({ start: { x: margin, y: y + 6 }, end: { x: right, y: y + 6 }, thickness: 0.5, color: muted })
  y -= 12

  const net = invoice.subtotal - invoice.discount
  const totals: [string, number, boolean][] = [
    ['Subtotal', invoice.subtotal, false],
    ['Discount', -invoice.discount, false],
    ['Net amount', net, false],
    [`VAT ${percent(invoice.vatRate)} on ${money(net, invoice.currency)}`, invoice.tax, false],
    ['Total', invoice.total, true],
  ]
  for (const [label, amount, bold] of totals) {
    if (label === 'Discount' && amount === 0) continue
    text(label, quantityX, y, { bold, align: 'right' })
    text(money(amount, invoice.currency), right, y, { bold, align: 'right' })
    y -= 16
  }

  const note = vatNotes[invoice.vatTreatment]
  if (note !== null) {
    y -= 14
    for (const part of layoutText(note, fonts.regular, 9.5, right - margin, 13).lines) {
      text(part.text, margin, y, { size: 9.5 })
      y -= 13
    }
  }
  return pdf.save({ subsetFonts: true })
}
