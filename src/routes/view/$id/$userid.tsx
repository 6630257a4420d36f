import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../machines/route-access/route-access.ts'
import { DirectViewScreen } from '../../../features/signing/direct-view-screen.tsx'
import { directViewSearchSchema } from '../../../features/signing/direct-view-search.ts'
import { loadMessages } from '../../../i18n/i18n.ts'

export const Route = createFileRoute('/view/$id/$userid')({
  staticData: { access: access.nas('main') },
  validateSearch: directViewSearchSchema,
  loader: () => loadMessages('signing'),
  component: DirectViewRoute,
})

function DirectViewRoute() {
  const { id, userid } = Route.useParams()
  return <DirectViewScreen requestId={id} signatureId={userid} search={Route.useSearch()} />
}
