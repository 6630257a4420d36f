import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../../../../machines/route-access/route-access.ts'
import { DirectPreviewScreen } from '../../../../../features/identification/direct-preview-screen.tsx'
import { loadMessages } from '../../../../../i18n/i18n.ts'

export const Route = createFileRoute('/direct-sign/identification/$id/$userid/preview')({
  staticData: { access: access.nas() },
  loader: () => loadMessages('identification', 'signing'),
  component: PreviewRoute,
})

function PreviewRoute() {
  const { id, userid } = Route.useParams()
  return <DirectPreviewScreen requestId={id} userId={userid} />
}
