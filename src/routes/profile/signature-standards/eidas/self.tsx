import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../../machines/route-access/route-access.ts'
import { AccountIdentificationScreen } from '../../../../features/identification/identification-screens.tsx'
import { accountIdentificationSearchSchema } from '../../../../features/identification/identification-search.ts'
import { loadMessages } from '../../../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/signature-standards/eidas/self')({
  staticData: { access: access.user('simple') },
  validateSearch: accountIdentificationSearchSchema,
  loader: () => loadMessages('identification'),
  component: IdentificationRoute,
})

function IdentificationRoute() {
  return <AccountIdentificationScreen legislation="eidas" method="self" search={Route.useSearch()} />
}
