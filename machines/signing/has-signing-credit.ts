import type { SigningCredit } from './signing.types.ts'

/**
 * SPEC §6: free users have a signing credit only if free_signatures_remaining is above 0 or they
 * are in a direct-sign session; everyone else always has one.
 */
export function hasSigningCredit(credit: SigningCredit): boolean {
  return !credit.isFreeUser || credit.freeSignaturesRemaining > 0 || credit.isDirectSign
}
