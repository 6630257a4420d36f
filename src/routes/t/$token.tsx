import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { PublicTemplateScreen } from '../../features/templates/public-template-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/t/$token')({
  staticData: { access: access.openToAll('simple') },
  loader: () => loadMessages('templates'),
  component: PublicTemplateRoute,
})

function PublicTemplateRoute() {
  return <PublicTemplateScreen token={Route.useParams().token} />
}
