import { BusinessNotices } from '../features/business/business-notices.tsx'
import { TermsPrompt } from '../features/dialogs/terms-prompt.tsx'
import { ReferralWidget } from '../features/profile/referral/referral-widget.tsx'

/**
 * What asks a signed-in account to act wherever it is (SPEC §6): the general terms, a business
 * invitation, the downgrade and locked notices, the free migration on the dashboard; and the referral component
 * where the deployment has one. Loaded once an account is signed in, not with /login.
 */
export function AccountPrompts() {
  return (
    <>
      <TermsPrompt />
      <BusinessNotices />
      <ReferralWidget />
    </>
  )
}
