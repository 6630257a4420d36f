import type { Currency } from '../../contract/price-plans.ts'

/**
 * The currency a business is billed in: the one chosen at its first payment and kept from then on, or,
 * before that, its billing country's (CHF in Switzerland and Liechtenstein, EUR elsewhere). Never the UI
 * language's: a business paying in EUR sees EUR in German too.
 */
export function billingCurrency(chosen: Currency | null, country: string): Currency {
  return chosen ?? (country === 'CH' || country === 'LI' ? 'CHF' : 'EUR')
}
