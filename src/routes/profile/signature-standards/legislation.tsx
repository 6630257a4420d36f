import { createFileRoute } from '@tanstack/react-router'
import { AccountLegislationScreen } from '../../../features/identification/account-legislation-screen.tsx'
import { accountIdentificationSearchSchema } from '../../../features/identification/identification-search.ts'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/signature-standards/legislation')({
  validateSearch: accountIdentificationSearchSchema,
  loader: () => loadMessages('identification'),
  component: LegislationRoute,
})

function LegislationRoute() {
  return <AccountLegislationScreen signatureRequestId={Route.useSearch().signatureRequestId} />
}
