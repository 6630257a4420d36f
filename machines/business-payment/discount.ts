import type { Discount } from './business-payment.types.ts'

/** The discount still applies. */
export function isActiveDiscount(discount: Discount): boolean {
  return discount.status === 'ACTIVE'
}

/** The discount has been used up. */
export function isUsedUpDiscount(discount: Discount): boolean {
  return discount.status === 'USED_UP'
}

/** Discount types starting with `smg_` are special discounts. */
export function isSpecialDiscount(discount: Discount): boolean {
  return discount.type.startsWith('smg_')
}
