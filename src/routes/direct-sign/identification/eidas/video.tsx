import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../../machines/route-access/route-access.ts'
import { DirectIdentificationFlowScreen } from '../../../../features/identification/identification-screens.tsx'
import { directIdentificationSearchSchema } from '../../../../features/identification/identification-search.ts'
import { loadMessages } from '../../../../i18n/i18n.ts'

export const Route = createFileRoute('/direct-sign/identification/eidas/video')({
  staticData: { access: access.nas() },
  validateSearch: directIdentificationSearchSchema,
  loader: () => loadMessages('identification'),
  component: IdentificationRoute,
})

function IdentificationRoute() {
  return <DirectIdentificationFlowScreen legislation="eidas" method="video" search={Route.useSearch()} />
}
