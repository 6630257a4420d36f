/** Who issues the invoices: the operator of this deployment (SELLER_*), named on every invoice. */
export type Seller = {
  name: string
  /** The postal address, one line each, the country last. */
  address: string[]
  /** The Swiss VAT number (UID with MWST), e.g. `CHE-123.456.789 MWST`. */
  vatNumber: string
}

/** The seller outside production while SELLER_* is unset: plainly not a real company. */
export const sandboxSeller: Seller = {
  name: 'Signet Test System AG',
  address: ['Musterstrasse 1', '8000 Zürich', 'Switzerland'],
  vatNumber: 'CHE-000.000.000 MWST',
}
