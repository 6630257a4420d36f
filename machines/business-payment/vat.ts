/** Swiss VAT in basis points (8.1 %), charged to customers in Switzerland and Liechtenstein. */
const swissVatBasisPoints = 810

/** EU member states: a business there gives its VAT number and accounts for the VAT itself (reverse charge). */
const euCountries = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
)

/** How VAT applies to a business by its billing country. */
export const vatTreatments = ['swiss', 'reverseCharge', 'export'] as const
export type VatTreatment = (typeof vatTreatments)[number]

/** The VAT treatment of a customer in `country` (ISO 3166-1 alpha-2) of a Swiss seller. */
export function vatTreatment(country: string): VatTreatment {
  if (country === 'CH' || country === 'LI') return 'swiss'
  return euCountries.has(country) ? 'reverseCharge' : 'export'
}

/** The VAT rate in basis points (1 % = 100) charged for `treatment`. */
export function vatBasisPoints(treatment: VatTreatment): number {
  return treatment === 'swiss' ? swissVatBasisPoints : 0
}

/** The VAT on `net` minor units at `basisPoints`, rounded half up to a whole minor unit. */
export function vatOn(net: number, basisPoints: number): number {
  return Math.floor((net * basisPoints + 5000) / 10000)
}
