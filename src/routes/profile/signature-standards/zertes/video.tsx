import { createFileRoute } from '@tanstack/react-router'
import { AccountIdentificationScreen } from '../../../../features/identification/identification-screens.tsx'
import { accountIdentificationSearchSchema } from '../../../../features/identification/identification-search.ts'
import { loadMessages } from '../../../../i18n/i18n.ts'

export const Route = createFileRoute('/profile/signature-standards/zertes/video')({
  validateSearch: accountIdentificationSearchSchema,
  loader: () => loadMessages('identification'),
  component: IdentificationRoute,
})

function IdentificationRoute() {
  return <AccountIdentificationScreen legislation="zertes" method="video" search={Route.useSearch()} />
}
