/** SPEC §4: a card subscription in any state but active or incomplete_expired has a payment issue. */
export function hasPaymentIssue(cardSubscriptionStatus: string | null): boolean {
  return (
    cardSubscriptionStatus !== null &&
    cardSubscriptionStatus !== 'active' &&
    cardSubscriptionStatus !== 'incomplete_expired'
  )
}
