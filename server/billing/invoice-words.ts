import { dayMs } from '../../contract/datetime.ts'
import type { BillingCycle } from '../../contract/price-plans.ts'

const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')

/** `1 Dec 2026`, in UTC: the date of an invoice as it is printed (invoices are in English). */
export function invoiceDate(date: Date): string {
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/**
 * `1 Dec 2026 to 30 Nov 2027`: the days of service from `start` to `end`, which is where the next period
 * starts, so the last day printed is the one before it.
 */
export function servicePeriod(start: Date, end: Date): string {
  const last = new Date(Math.max(start.getTime(), end.getTime() - dayMs))
  return `${invoiceDate(start)} to ${invoiceDate(last)}`
}

/** `Team plan`: a plan's name as an invoice line reads it. */
export function planName(plan: string): string {
  return `${plan.charAt(0).toUpperCase()}${plan.slice(1)} plan`
}

/** `Team plan, 5 seats, yearly, 1 Dec 2026 to 30 Nov 2027`: an invoice line in words. */
export function planLine(
  plan: string,
  seats: string,
  cycle: BillingCycle,
  period: { start: Date; end: Date },
): string {
  return `${planName(plan)}, ${seats}, ${cycle}, ${servicePeriod(period.start, period.end)}`
}

/** `1 seat`, `5 seats`, `2 seats added`. */
export function seatCount(seats: number, added = false): string {
  return `${seats} ${seats === 1 ? 'seat' : 'seats'}${added ? ' added' : ''}`
}
