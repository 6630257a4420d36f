import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { AccountLegislationScreen } from '../../../features/identification/account-legislation-screen.tsx'
import { accountIdentificationSearchSchema } from '../../../features/identification/identification-search.ts'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/signature-standards/legislation')({
  staticData: { access: access.user('simple') },
  validateSearch: accountIdentificationSearchSchema,
  loader: () => loadMessages('identification'),
  component: LegislationRoute,
})

function LegislationRoute() {
  return <AccountLegislationScreen signatureRequestId={Route.useSearch().signatureRequestId} />
}
