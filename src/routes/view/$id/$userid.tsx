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
  const search = Route.useSearch()
  // The screen's machines take the link when it mounts: another request or exit starts them anew.
  const link = JSON.stringify([id, userid, search.exitURL, search.redirectTimeout])
  return <DirectViewScreen key={link} requestId={id} signatureId={userid} search={search} />
}
