import { createFileRoute } from '@tanstack/react-router'
import { access } from '../../../machines/route-access/route-access.ts'
import { BulkSendProgressScreen } from '../../features/templates/bulk-send-progress-screen.tsx'
import { loadMessages } from '../../i18n/i18n.ts'

export const Route = createFileRoute('/bulk-sends/$id')({
  staticData: { access: access.user() },
  loader: () => loadMessages('templates'),
  component: BulkSendProgress,
})

function BulkSendProgress() {
  const { id } = Route.useParams()
  return <BulkSendProgressScreen id={id} />
}
