/**
 * SPEC §4: a card subscription in any state but active or incomplete_expired has a payment issue; one
 * chosen during the business's trial (trialing) has none either, as nothing is due before the trial ends.
 */
export function hasPaymentIssue(cardSubscriptionStatus: string | null): boolean {
  return (
    cardSubscriptionStatus !== null &&
    cardSubscriptionStatus !== 'active' &&
    cardSubscriptionStatus !== 'incomplete_expired' &&
    !isSubscribedInTrial(cardSubscriptionStatus)
  )
}

/** A plan was chosen during the trial: the subscription runs, its first charge when the trial ends. */
export function isSubscribedInTrial(cardSubscriptionStatus: string | null): boolean {
  return cardSubscriptionStatus === 'trialing'
}
