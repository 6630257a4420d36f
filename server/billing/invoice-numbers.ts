import { sql } from 'drizzle-orm'
import type { Database } from '../db/open-database.ts'
import { invoiceSequences } from '../db/schema/billing.ts'

/** The series of invoice numbers the server gives: invoices written by hand, and the sandbox provider's. */
export const invoiceSeries = { manual: 'M', sandbox: 'SBX' } as const

/**
 * The next number of `series` (`M-000042`), taken inside `tx`, the transaction that writes the invoice: the
 * series' row stays locked until it ends, so numbers run without gaps and never twice.
 */
export async function nextInvoiceNumber(
  tx: Pick<Database, 'insert'>,
  series: (typeof invoiceSeries)[keyof typeof invoiceSeries],
): Promise<string> {
  const [taken] = await tx
    .insert(invoiceSequences)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceSequences.series,
      set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` },
    })
    .returning({ number: invoiceSequences.lastNumber })
  if (taken === undefined) throw new Error(`no number taken in invoice series ${series}`)
  return `${series}-${String(taken.number).padStart(6, '0')}`
}
